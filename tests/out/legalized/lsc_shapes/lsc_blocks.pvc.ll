define dllexport void @lsc_blocks(i64 %arg0, i32 %arg1) {
bb0:
  %v0 = call <64 x i32> @llvm.genx.lsc.load.stateless.v64i32.v1i1.i8.i8.i8.i16.i8.i8.i8.i8.i64(<1 x i1> <i1 true>, i8 0, i8 0, i8 0, i16 1, i32 0, i8 3, i8 8, i8 2, i8 0, i64 %arg0, i32 0)
  %v1 = call <8 x i64> @llvm.genx.lsc.load.stateless.v8i64.v1i1.i8.i8.i8.i16.i8.i8.i8.i8.i64(<1 x i1> <i1 true>, i8 0, i8 2, i8 2, i16 1, i32 256, i8 4, i8 5, i8 2, i8 0, i64 %arg0, i32 0)
  %v2 = call <8 x float> @llvm.genx.lsc.load.slm.v8f32.v1i1.i8.i8.i8.i16.i8.i8.i8.i8(<1 x i1> <i1 true>, i8 0, i8 0, i8 0, i16 1, i32 0, i8 3, i8 5, i8 2, i8 0, i32 %arg1, i32 0)
  %v3 = call <2 x i64> @llvm.genx.lsc.load.slm.v2i64.v1i1.i8.i8.i8.i16.i8.i8.i8.i8(<1 x i1> <i1 true>, i8 0, i8 0, i8 0, i16 1, i32 64, i8 4, i8 2, i8 2, i8 0, i32 %arg1, i32 0)
  %v11 = call <32 x i32> @llvm.genx.rdregioni.v32i32.v64i32.i16(<64 x i32> %v0, i32 0, i32 32, i32 1, i16 0, i32 undef)
  %v12 = shl <32 x i32> %v11, <i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2>
  %v13 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v32i32.i16.i1(<64 x i32> undef, <32 x i32> %v12, i32 0, i32 32, i32 1, i16 0, i32 undef, i1 true)
  %v14 = call <32 x i32> @llvm.genx.rdregioni.v32i32.v64i32.i16(<64 x i32> %v0, i32 0, i32 32, i32 1, i16 128, i32 undef)
  %v15 = shl <32 x i32> %v14, <i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2>
  %v16 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v32i32.i16.i1(<64 x i32> %v13, <32 x i32> %v15, i32 0, i32 32, i32 1, i16 128, i32 undef, i1 true)
  %v5 = add <8 x i64> %v1, %v1
  %v6 = fmul <8 x float> %v2, %v2
  call void @llvm.genx.lsc.store.stateless.v1i1.i8.i8.i8.i16.i8.i8.i8.i8.i64.v64i32(<1 x i1> <i1 true>, i8 4, i8 0, i8 0, i16 1, i32 512, i8 3, i8 8, i8 2, i8 0, i64 %arg0, <64 x i32> %v16, i32 0)
  call void @llvm.genx.lsc.store.stateless.v1i1.i8.i8.i8.i16.i8.i8.i8.i8.i64.v8i64(<1 x i1> <i1 true>, i8 4, i8 0, i8 0, i16 1, i32 1024, i8 4, i8 5, i8 2, i8 0, i64 %arg0, <8 x i64> %v5, i32 0)
  call void @llvm.genx.lsc.store.slm.v1i1.i8.i8.i8.i16.i8.i8.i8.i8.v8f32(<1 x i1> <i1 true>, i8 4, i8 0, i8 0, i16 1, i32 128, i8 3, i8 5, i8 2, i8 0, i32 %arg1, <8 x float> %v6, i32 0)
  call void @llvm.genx.lsc.store.slm.v1i1.i8.i8.i8.i16.i8.i8.i8.i8.v2i64(<1 x i1> <i1 true>, i8 4, i8 0, i8 0, i16 1, i32 256, i8 4, i8 2, i8 2, i8 0, i32 %arg1, <2 x i64> %v3, i32 0)
  ret void
}

declare <2 x i64> @llvm.genx.lsc.load.slm.v2i64.v1i1.i8.i8.i8.i16.i8.i8.i8.i8(<1 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, i32, i32)
declare <8 x float> @llvm.genx.lsc.load.slm.v8f32.v1i1.i8.i8.i8.i16.i8.i8.i8.i8(<1 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, i32, i32)
declare <64 x i32> @llvm.genx.lsc.load.stateless.v64i32.v1i1.i8.i8.i8.i16.i8.i8.i8.i8.i64(<1 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, i64, i32)
declare <8 x i64> @llvm.genx.lsc.load.stateless.v8i64.v1i1.i8.i8.i8.i16.i8.i8.i8.i8.i64(<1 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, i64, i32)
declare void @llvm.genx.lsc.store.slm.v1i1.i8.i8.i8.i16.i8.i8.i8.i8.v2i64(<1 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, i32, <2 x i64>, i32)
declare void @llvm.genx.lsc.store.slm.v1i1.i8.i8.i8.i16.i8.i8.i8.i8.v8f32(<1 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, i32, <8 x float>, i32)
declare void @llvm.genx.lsc.store.stateless.v1i1.i8.i8.i8.i16.i8.i8.i8.i8.i64.v64i32(<1 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, i64, <64 x i32>, i32)
declare void @llvm.genx.lsc.store.stateless.v1i1.i8.i8.i8.i16.i8.i8.i8.i8.i64.v8i64(<1 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, i64, <8 x i64>, i32)
declare <32 x i32> @llvm.genx.rdregioni.v32i32.v64i32.i16(<64 x i32>, i32, i32, i32, i16, i32)
declare <64 x i32> @llvm.genx.wrregioni.v64i32.v32i32.i16.i1(<64 x i32>, <32 x i32>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i64, i32)* @lsc_blocks, !"lsc_blocks", !1, i32 4096, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0}
!2 = !{i32 128, i32 136}
!3 = !{i32 0, i32 0}
!4 = !{!"svmptr_t", !""}
