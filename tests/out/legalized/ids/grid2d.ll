define dllexport void @grid2d(i32 %arg0, i32 %arg1) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = call i32 @llvm.genx.group.id.y.i32()
  %v2 = call i32 @llvm.genx.group.id.z.i32()
  %v3 = call <3 x i32> @llvm.genx.group.count.v3i32()
  %v4 = call i32 @llvm.genx.rdregioni.i32.v3i32.i16(<3 x i32> %v3, i32 0, i32 1, i32 1, i16 0, i32 undef)
  %v5 = mul i32 %v1, %v4
  %v6 = add i32 %v5, %v0
  %v7 = shl i32 %v6, 1
  %v8 = mul i32 %v2, %arg1
  %v9 = add i32 %v7, %v8
  %v10 = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %arg0, i32 %v9)
  %v11 = call <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32> %v10, i32 %v6, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v8i32(i32 %arg0, i32 %v9, <8 x i32> %v11)
  ret void
}

declare <3 x i32> @llvm.genx.group.count.v3i32()
declare i32 @llvm.genx.group.id.x.i32()
declare i32 @llvm.genx.group.id.y.i32()
declare i32 @llvm.genx.group.id.z.i32()
declare <8 x i32> @llvm.genx.oword.ld.v8i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)
declare i32 @llvm.genx.rdregioni.i32.v3i32.i16(<3 x i32>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32>, i32, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, i32)* @grid2d, !"grid2d", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 0}
!2 = !{i32 64, i32 68}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t read_write", !""}
