define dllexport void @block2d_transposed_d32(i64 %arg0, i64 %arg1, i32 %arg2, i32 %arg3) {
bb0:
  %v0 = call <64 x i32> @llvm.genx.lsc.load2d.stateless.v64i32.v1i1.i8.i8.i8.i8.i8.i16.i16.i8.i64(<1 x i1> <i1 true>, i8 0, i8 0, i8 3, i8 2, i8 1, i16 8, i16 5, i8 0, i64 %arg0, i32 1023, i32 63, i32 1023, i32 %arg2, i32 %arg3)
  %v3 = call <32 x i32> @llvm.genx.rdregioni.v32i32.v64i32.i16(<64 x i32> %v0, i32 0, i32 32, i32 1, i16 0, i32 undef)
  %v4 = add <32 x i32> %v3, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %v5 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v32i32.i16.i1(<64 x i32> undef, <32 x i32> %v4, i32 0, i32 32, i32 1, i16 0, i32 undef, i1 true)
  %v6 = call <32 x i32> @llvm.genx.rdregioni.v32i32.v64i32.i16(<64 x i32> %v0, i32 0, i32 32, i32 1, i16 128, i32 undef)
  %v7 = add <32 x i32> %v6, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %v8 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v32i32.i16.i1(<64 x i32> %v5, <32 x i32> %v7, i32 0, i32 32, i32 1, i16 128, i32 undef, i1 true)
  call void @llvm.genx.lsc.store2d.stateless.v1i1.i8.i8.i8.i8.i8.i16.i16.i8.i64.v64i32(<1 x i1> <i1 true>, i8 0, i8 0, i8 3, i8 1, i8 1, i16 16, i16 4, i8 0, i64 %arg1, i32 1023, i32 63, i32 1023, i32 %arg2, i32 %arg3, <64 x i32> %v8)
  ret void
}

declare <64 x i32> @llvm.genx.lsc.load2d.stateless.v64i32.v1i1.i8.i8.i8.i8.i8.i16.i16.i8.i64(<1 x i1>, i8, i8, i8, i8, i8, i16, i16, i8, i64, i32, i32, i32, i32, i32)
declare void @llvm.genx.lsc.store2d.stateless.v1i1.i8.i8.i8.i8.i8.i16.i16.i8.i64.v64i32(<1 x i1>, i8, i8, i8, i8, i8, i16, i16, i8, i64, i32, i32, i32, i32, i32, <64 x i32>)
declare <32 x i32> @llvm.genx.rdregioni.v32i32.v64i32.i16(<64 x i32>, i32, i32, i32, i16, i32)
declare <64 x i32> @llvm.genx.wrregioni.v64i32.v32i32.i16.i1(<64 x i32>, <32 x i32>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i64, i64, i32, i32)* @block2d_transposed_d32, !"block2d_transposed_d32", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0, i32 0, i32 0}
!2 = !{i32 128, i32 136, i32 144, i32 148}
!3 = !{i32 0, i32 0, i32 0, i32 0}
!4 = !{!"svmptr_t", !"svmptr_t", !"", !""}
