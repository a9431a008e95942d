define dllexport void @block2d_transposed_d64(i64 %arg0, i64 %arg1, i32 %arg2, i32 %arg3) {
bb0:
  %v0 = sub i32 %arg3, 1
  %v1 = call <16 x i64> @llvm.genx.lsc.load2d.stateless.v16i64.v1i1.i8.i8.i8.i8.i8.i16.i16.i8.i64(<1 x i1> <i1 true>, i8 0, i8 0, i8 4, i8 2, i8 1, i16 4, i16 3, i8 0, i64 %arg0, i32 1023, i32 63, i32 1023, i32 %arg2, i32 %v0)
  call void @llvm.genx.lsc.store2d.stateless.v1i1.i8.i8.i8.i8.i8.i16.i16.i8.i64.v16i64(<1 x i1> <i1 true>, i8 0, i8 0, i8 4, i8 1, i8 1, i16 4, i16 4, i8 0, i64 %arg1, i32 1023, i32 63, i32 1023, i32 %arg2, i32 %arg3, <16 x i64> %v1)
  ret void
}

declare <16 x i64> @llvm.genx.lsc.load2d.stateless.v16i64.v1i1.i8.i8.i8.i8.i8.i16.i16.i8.i64(<1 x i1>, i8, i8, i8, i8, i8, i16, i16, i8, i64, i32, i32, i32, i32, i32)
declare void @llvm.genx.lsc.store2d.stateless.v1i1.i8.i8.i8.i8.i8.i16.i16.i8.i64.v16i64(<1 x i1>, i8, i8, i8, i8, i8, i16, i16, i8, i64, i32, i32, i32, i32, i32, <16 x i64>)

!genx.kernels = !{!0}
!0 = !{void (i64, i64, i32, i32)* @block2d_transposed_d64, !"block2d_transposed_d64", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0, i32 0, i32 0}
!2 = !{i32 128, i32 136, i32 144, i32 148}
!3 = !{i32 0, i32 0, i32 0, i32 0}
!4 = !{!"svmptr_t", !"svmptr_t", !"", !""}
