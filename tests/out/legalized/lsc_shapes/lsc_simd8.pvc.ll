define dllexport void @lsc_simd8(i64 %arg0, <8 x i32> %arg1) {
bb0:
  %v0 = call <8 x i64> @llvm.genx.wrregioni.v8i64.i64.i16.i1(<8 x i64> undef, i64 %arg0, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v1 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v8i64.i16(<8 x i64> %v0, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v2 = zext <8 x i32> %arg1 to <8 x i64>
  %v3 = add <8 x i64> %v1, %v2
  %v4 = call <8 x i32> @llvm.genx.lsc.load.stateless.v8i32.v8i1.i8.i8.i8.i16.i8.i8.i8.i8.v8i64(<8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 0, i8 0, i8 0, i16 1, i32 -64, i8 3, i8 1, i8 1, i8 0, <8 x i64> %v3, i32 0)
  %v5 = call <64 x i32> @llvm.genx.lsc.load.stateless.v64i32.v8i1.i8.i8.i8.i16.i8.i8.i8.i8.v8i64(<8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 0, i8 0, i8 0, i16 1, i32 256, i8 3, i8 5, i8 1, i8 0, <8 x i64> %v3, i32 0)
  %v6 = call <16 x i64> @llvm.genx.lsc.load.slm.v16i64.v8i1.i8.i8.i8.i16.i8.i8.i8.i8.v8i32(<8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 0, i8 0, i8 0, i16 1, i32 0, i8 4, i8 2, i8 1, i8 0, <8 x i32> %arg1, i32 0)
  %v7 = icmp ugt <8 x i32> %v4, <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %v8 = call <8 x i32> @llvm.genx.lsc.load.slm.v8i32.v8i1.i8.i8.i8.i16.i8.i8.i8.i8.v8i32(<8 x i1> %v7, i8 0, i8 0, i8 0, i16 1, i32 512, i8 3, i8 1, i8 1, i8 0, <8 x i32> %arg1, i32 0)
  %v9 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x i32> %v5, i32 0, i32 8, i32 1, i16 224, i32 undef)
  %v10 = add <8 x i32> %v8, %v9
  call void @llvm.genx.lsc.store.slm.v8i1.i8.i8.i8.i16.i8.i8.i8.i8.v8i32.v8i32(<8 x i1> %v7, i8 4, i8 0, i8 0, i16 1, i32 0, i8 3, i8 1, i8 1, i8 0, <8 x i32> %arg1, <8 x i32> %v10, i32 0)
  call void @llvm.genx.lsc.store.stateless.v8i1.i8.i8.i8.i16.i8.i8.i8.i8.v8i64.v16i64(<8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 4, i8 0, i8 0, i16 1, i32 1024, i8 4, i8 2, i8 1, i8 0, <8 x i64> %v3, <16 x i64> %v6, i32 0)
  call void @llvm.genx.lsc.store.slm.v8i1.i8.i8.i8.i16.i8.i8.i8.i8.v8i32.v64i32(<8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 4, i8 0, i8 0, i16 1, i32 2048, i8 3, i8 5, i8 1, i8 0, <8 x i32> %arg1, <64 x i32> %v5, i32 0)
  ret void
}

declare <16 x i64> @llvm.genx.lsc.load.slm.v16i64.v8i1.i8.i8.i8.i16.i8.i8.i8.i8.v8i32(<8 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <8 x i32>, i32)
declare <8 x i32> @llvm.genx.lsc.load.slm.v8i32.v8i1.i8.i8.i8.i16.i8.i8.i8.i8.v8i32(<8 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <8 x i32>, i32)
declare <64 x i32> @llvm.genx.lsc.load.stateless.v64i32.v8i1.i8.i8.i8.i16.i8.i8.i8.i8.v8i64(<8 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <8 x i64>, i32)
declare <8 x i32> @llvm.genx.lsc.load.stateless.v8i32.v8i1.i8.i8.i8.i16.i8.i8.i8.i8.v8i64(<8 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <8 x i64>, i32)
declare void @llvm.genx.lsc.store.slm.v8i1.i8.i8.i8.i16.i8.i8.i8.i8.v8i32.v64i32(<8 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <8 x i32>, <64 x i32>, i32)
declare void @llvm.genx.lsc.store.slm.v8i1.i8.i8.i8.i16.i8.i8.i8.i8.v8i32.v8i32(<8 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <8 x i32>, <8 x i32>, i32)
declare void @llvm.genx.lsc.store.stateless.v8i1.i8.i8.i8.i16.i8.i8.i8.i8.v8i64.v16i64(<8 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <8 x i64>, <16 x i64>, i32)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v64i32.i16(<64 x i32>, i32, i32, i32, i16, i32)
declare <8 x i64> @llvm.genx.rdregioni.v8i64.v8i64.i16(<8 x i64>, i32, i32, i32, i16, i32)
declare <8 x i64> @llvm.genx.wrregioni.v8i64.i64.i16.i1(<8 x i64>, i64, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i64, <8 x i32>)* @lsc_simd8, !"lsc_simd8", !1, i32 4096, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0}
!2 = !{i32 128, i32 136}
!3 = !{i32 0, i32 0}
!4 = !{!"svmptr_t", !""}
