define dllexport void @i1cmp(i32 %arg0) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 3
  %v2 = call <16 x i32> @llvm.genx.oword.ld.v16i32(i32 0, i32 %arg0, i32 %v1)
  %v3 = icmp sgt <16 x i32> %v2, <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %v4 = and <16 x i32> %v2, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %v5 = icmp ne <16 x i32> %v4, <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %v6 = xor <16 x i1> %v3, %v5
  %v7 = icmp ult <16 x i1> %v3, %v5
  %v8 = icmp eq i32 %v0, 9
  %v9 = select <16 x i1> %v6, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>, <16 x i32> <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %v10 = zext i1 %v8 to i32
  %v11 = call <16 x i32> @llvm.genx.wrregioni.v16i32.i32.i16.i1(<16 x i32> undef, i32 %v10, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v12 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v16i32.i16(<16 x i32> %v11, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v13 = or <16 x i32> %v9, <i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2>
  %v14 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v16i32.i16.v16i1(<16 x i32> %v9, <16 x i32> %v13, i32 0, i32 16, i32 1, i16 0, i32 undef, <16 x i1> %v6)
  %v15 = xor <16 x i32> %v14, <i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1>
  %v16 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v16i32.i16.v16i1(<16 x i32> %v14, <16 x i32> %v15, i32 0, i32 16, i32 1, i16 0, i32 undef, <16 x i1> %v7)
  %v17 = add <16 x i32> %v16, %v12
  call void @llvm.genx.oword.st.v16i32(i32 %arg0, i32 %v1, <16 x i32> %v17)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <16 x i32> @llvm.genx.oword.ld.v16i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16i32(i32, i32, <16 x i32>)
declare <16 x i32> @llvm.genx.rdregioni.v16i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.i32.i16.i1(<16 x i32>, i32, i32, i32, i32, i16, i32, i1)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.v16i32.i16.v16i1(<16 x i32>, <16 x i32>, i32, i32, i32, i16, i32, <16 x i1>)

!genx.kernels = !{!0}
!0 = !{void (i32)* @i1cmp, !"i1cmp", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 64}
!3 = !{i32 0}
!4 = !{!"buffer_t read_write"}
