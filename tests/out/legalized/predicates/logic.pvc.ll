define dllexport void @logic(i32 %arg0) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = call <4 x i32> @llvm.genx.oword.ld.v4i32(i32 0, i32 %arg0, i32 %v0)
  %v2 = and <4 x i32> %v1, <i32 1, i32 1, i32 1, i32 1>
  %v3 = icmp ne <4 x i32> %v2, <i32 0, i32 0, i32 0, i32 0>
  %v4 = icmp ult <4 x i32> %v1, <i32 100, i32 100, i32 100, i32 100>
  %v5 = xor <4 x i1> %v3, %v4
  %v6 = select <4 x i1> %v4, <4 x i32> %v1, <4 x i32> <i32 0, i32 0, i32 0, i32 0>
  %v7 = select <4 x i1> %v3, <4 x i32> %v1, <4 x i32> %v6
  %v8 = select <4 x i1> <i1 true, i1 false, i1 true, i1 true>, <4 x i32> <i32 7, i32 7, i32 7, i32 7>, <4 x i32> %v7
  %v9 = select <4 x i1> %v5, <4 x i32> %v7, <4 x i32> %v8
  %v10 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v4i32.i16(<4 x i32> %v1, i32 0, i32 4, i32 1, i16 0, i32 undef)
  %v11 = icmp sgt <16 x i32> %v10, <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %v12 = bitcast <16 x i1> %v11 to i16
  %v13 = zext i16 %v12 to i32
  %v14 = call <4 x i32> @llvm.genx.wrregioni.v4i32.i32.i16.i1(<4 x i32> %v9, i32 %v13, i32 0, i32 1, i32 1, i16 12, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v4i32(i32 %arg0, i32 %v0, <4 x i32> %v14)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <4 x i32> @llvm.genx.oword.ld.v4i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v4i32(i32, i32, <4 x i32>)
declare <16 x i32> @llvm.genx.rdregioni.v16i32.v4i32.i16(<4 x i32>, i32, i32, i32, i16, i32)
declare <4 x i32> @llvm.genx.wrregioni.v4i32.i32.i16.i1(<4 x i32>, i32, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32)* @logic, !"logic", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 128}
!3 = !{i32 0}
!4 = !{!"buffer_t read_write"}
