define dllexport void @block2d_vnni_d8(i64 %arg0, i64 %arg1, i32 %arg2, i32 %arg3) {
bb0:
  %v0 = call <96 x i8> @llvm.genx.lsc.load2d.stateless.v96i8.v1i1.i8.i8.i8.i8.i8.i16.i16.i8.i64(<1 x i1> <i1 true>, i8 0, i8 0, i8 1, i8 1, i8 2, i16 4, i16 6, i8 1, i64 %arg0, i32 1023, i32 63, i32 1023, i32 %arg2, i32 %arg3)
  call void @llvm.genx.lsc.store2d.stateless.v1i1.i8.i8.i8.i8.i8.i16.i16.i8.i64.v96i8(<1 x i1> <i1 true>, i8 0, i8 0, i8 1, i8 1, i8 1, i16 32, i16 3, i8 0, i64 %arg1, i32 1023, i32 63, i32 1023, i32 %arg2, i32 %arg3, <96 x i8> %v0)
  ret void
}

declare <96 x i8> @llvm.genx.lsc.load2d.stateless.v96i8.v1i1.i8.i8.i8.i8.i8.i16.i16.i8.i64(<1 x i1>, i8, i8, i8, i8, i8, i16, i16, i8, i64, i32, i32, i32, i32, i32)
declare void @llvm.genx.lsc.store2d.stateless.v1i1.i8.i8.i8.i8.i8.i16.i16.i8.i64.v96i8(<1 x i1>, i8, i8, i8, i8, i8, i16, i16, i8, i64, i32, i32, i32, i32, i32, <96 x i8>)

!genx.kernels = !{!0}
!0 = !{void (i64, i64, i32, i32)* @block2d_vnni_d8, !"block2d_vnni_d8", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0, i32 0, i32 0}
!2 = !{i32 128, i32 136, i32 144, i32 148}
!3 = !{i32 0, i32 0, i32 0, i32 0}
!4 = !{!"svmptr_t", !"svmptr_t", !"", !""}
