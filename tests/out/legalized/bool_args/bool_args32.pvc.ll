define dllexport void @bool_args32(i32 %arg0, <32 x i1> %arg1) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 3
  %v2 = call <32 x i32> @llvm.genx.oword.ld.v32i32(i32 0, i32 %arg0, i32 %v1)
  %v3 = select <32 x i1> %arg1, <32 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15, i32 16, i32 17, i32 18, i32 19, i32 20, i32 21, i32 22, i32 23, i32 24, i32 25, i32 26, i32 27, i32 28, i32 29, i32 30, i32 31>, <32 x i32> %v2
  call void @llvm.genx.oword.st.v32i32(i32 %arg0, i32 %v1, <32 x i32> %v3)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <32 x i32> @llvm.genx.oword.ld.v32i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v32i32(i32, i32, <32 x i32>)

!genx.kernels = !{!0}
!0 = !{void (i32, <32 x i1>)* @bool_args32, !"bool_args32", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 0}
!2 = !{i32 128, i32 132}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t", !""}
