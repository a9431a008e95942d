define dllexport void @logic(i32 %arg0) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = call <4 x i32> @llvm.genx.oword.ld.v4i32(i32 0, i32 %arg0, i32 %v0)
  %v2 = and <4 x i32> %v1, <i32 1, i32 1, i32 1, i32 1>
  %v3 = icmp ne <4 x i32> %v2, <i32 0, i32 0, i32 0, i32 0>
  %v4 = icmp ult <4 x i32> %v1, <i32 100, i32 100, i32 100, i32 100>
  %v5 = or <4 x i1> %v3, %v4
  %v6 = xor <4 x i1> %v3, %v4
  %v7 = xor <4 x i1> %v6, <i1 true, i1 true, i1 true, i1 true>
  %v8 = and <4 x i1> %v7, <i1 true, i1 false, i1 true, i1 true>
  %v9 = select <4 x i1> %v5, <4 x i32> %v1, <4 x i32> <i32 0, i32 0, i32 0, i32 0>
  %v10 = select <4 x i1> %v8, <4 x i32> <i32 7, i32 7, i32 7, i32 7>, <4 x i32> %v9
  %v11 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v4i32.i16(<4 x i32> %v1, i32 0, i32 4, i32 1, i16 0, i32 undef)
  %v12 = icmp sgt <16 x i32> %v11, <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %v13 = bitcast <16 x i1> %v12 to i16
  %v14 = zext i16 %v13 to i32
  %v15 = call <4 x i32> @llvm.genx.wrregioni.v4i32.i32.i16.i1(<4 x i32> %v10, i32 %v14, i32 0, i32 1, i32 1, i16 12, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v4i32(i32 %arg0, i32 %v0, <4 x i32> %v15)
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
