define dllexport void @block2d_two_blocks_d16(i64 %arg0, i64 %arg1, i32 %arg2, i32 %arg3) {
bb0:
  %v0 = sub i32 %arg2, 2
  %v1 = call <64 x i16> @llvm.genx.lsc.load2d.stateless.v64i16.v1i1.i8.i8.i8.i8.i8.i16.i16.i8.i64(<1 x i1> <i1 true>, i8 0, i8 0, i8 2, i8 1, i8 2, i16 8, i16 3, i8 0, i64 %arg0, i32 1023, i32 63, i32 1023, i32 %v0, i32 %arg3)
  %v2 = call <32 x i16> @llvm.genx.rdregioni.v32i16.v64i16.i16(<64 x i16> %v1, i32 0, i32 32, i32 1, i16 0, i32 undef)
  %v3 = call <32 x i16> @llvm.genx.rdregioni.v32i16.v64i16.i16(<64 x i16> %v1, i32 0, i32 32, i32 1, i16 64, i32 undef)
  call void @llvm.genx.lsc.store2d.stateless.v1i1.i8.i8.i8.i8.i8.i16.i16.i8.i64.v32i16(<1 x i1> <i1 true>, i8 0, i8 0, i8 2, i8 1, i8 1, i16 8, i16 3, i8 0, i64 %arg1, i32 1023, i32 63, i32 1023, i32 %arg2, i32 %arg3, <32 x i16> %v2)
  %v5 = add i32 %arg3, 4
  call void @llvm.genx.lsc.store2d.stateless.v1i1.i8.i8.i8.i8.i8.i16.i16.i8.i64.v32i16(<1 x i1> <i1 true>, i8 0, i8 0, i8 2, i8 1, i8 1, i16 8, i16 3, i8 0, i64 %arg1, i32 1023, i32 63, i32 1023, i32 %arg2, i32 %v5, <32 x i16> %v3)
  %v9 = call <32 x i16> @llvm.genx.rdregioni.v32i16.v64i16.i16(<64 x i16> %v1, i32 0, i32 32, i32 1, i16 0, i32 undef)
  %v10 = add <32 x i16> %v9, <i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1>
  %v11 = call <64 x i16> @llvm.genx.wrregioni.v64i16.v32i16.i16.i1(<64 x i16> undef, <32 x i16> %v10, i32 0, i32 32, i32 1, i16 0, i32 undef, i1 true)
  %v12 = call <32 x i16> @llvm.genx.rdregioni.v32i16.v64i16.i16(<64 x i16> %v1, i32 0, i32 32, i32 1, i16 64, i32 undef)
  %v13 = add <32 x i16> %v12, <i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1, i16 1>
  %v14 = call <64 x i16> @llvm.genx.wrregioni.v64i16.v32i16.i16.i1(<64 x i16> %v11, <32 x i16> %v13, i32 0, i32 32, i32 1, i16 64, i32 undef, i1 true)
  call void @llvm.genx.lsc.store2d.stateless.v1i1.i8.i8.i8.i8.i8.i16.i16.i8.i64.v64i16(<1 x i1> <i1 true>, i8 0, i8 0, i8 2, i8 1, i8 1, i16 16, i16 4, i8 0, i64 %arg1, i32 1023, i32 63, i32 1023, i32 24, i32 %arg3, <64 x i16> %v14)
  ret void
}

declare <64 x i16> @llvm.genx.lsc.load2d.stateless.v64i16.v1i1.i8.i8.i8.i8.i8.i16.i16.i8.i64(<1 x i1>, i8, i8, i8, i8, i8, i16, i16, i8, i64, i32, i32, i32, i32, i32)
declare void @llvm.genx.lsc.store2d.stateless.v1i1.i8.i8.i8.i8.i8.i16.i16.i8.i64.v32i16(<1 x i1>, i8, i8, i8, i8, i8, i16, i16, i8, i64, i32, i32, i32, i32, i32, <32 x i16>)
declare void @llvm.genx.lsc.store2d.stateless.v1i1.i8.i8.i8.i8.i8.i16.i16.i8.i64.v64i16(<1 x i1>, i8, i8, i8, i8, i8, i16, i16, i8, i64, i32, i32, i32, i32, i32, <64 x i16>)
declare <32 x i16> @llvm.genx.rdregioni.v32i16.v64i16.i16(<64 x i16>, i32, i32, i32, i16, i32)
declare <64 x i16> @llvm.genx.wrregioni.v64i16.v32i16.i16.i1(<64 x i16>, <32 x i16>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i64, i64, i32, i32)* @block2d_two_blocks_d16, !"block2d_two_blocks_d16", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0, i32 0, i32 0}
!2 = !{i32 128, i32 136, i32 144, i32 148}
!3 = !{i32 0, i32 0, i32 0, i32 0}
!4 = !{!"svmptr_t", !"svmptr_t", !"", !""}
