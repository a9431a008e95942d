define dllexport void @lsc_gather(i64 %arg0) {
bb0:
  %v0 = call <16 x i64> @llvm.genx.wrregioni.v16i64.i64.i16.i1(<16 x i64> undef, i64 %arg0, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v1 = call <16 x i64> @llvm.genx.rdregioni.v16i64.v16i64.i16(<16 x i64> %v0, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v2 = add <16 x i64> %v1, <i64 0, i64 4, i64 8, i64 12, i64 16, i64 20, i64 24, i64 28, i64 32, i64 36, i64 40, i64 44, i64 48, i64 52, i64 56, i64 60>
  call void @llvm.genx.lsc.prefetch.stateless.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 0, i8 2, i8 2, i16 1, i32 0, i8 3, i8 1, i8 1, i8 0, <16 x i64> %v2, i32 0)
  %v4 = call <16 x i32> @llvm.genx.lsc.load.stateless.v16i32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 0, i8 0, i8 0, i16 1, i32 0, i8 3, i8 1, i8 1, i8 0, <16 x i64> %v2, i32 0)
  %v5 = call <64 x i32> @llvm.genx.lsc.load.stateless.v64i32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 0, i8 1, i8 2, i16 1, i32 256, i8 3, i8 4, i8 1, i8 0, <16 x i64> %v2, i32 0)
  %v6 = icmp sgt <16 x i32> %v4, <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %v7 = bitcast <16 x i32> %v4 to <16 x float>
  %v8 = call <16 x float> @llvm.genx.lsc.load.merge.stateless.v16f32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64.v16f32(<16 x i1> %v6, i8 0, i8 0, i8 0, i16 1, i32 64, i8 3, i8 1, i8 1, i8 0, <16 x i64> %v2, i32 0, <16 x float> %v7)
  %v9 = bitcast <16 x float> %v8 to <16 x i32>
  %v10 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32> %v5, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v11 = add <16 x i32> %v9, %v10
  call void @llvm.genx.lsc.store.stateless.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64.v16i32(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 4, i8 0, i8 0, i16 1, i32 512, i8 3, i8 1, i8 1, i8 0, <16 x i64> %v2, <16 x i32> %v11, i32 0)
  ret void
}

declare <16 x float> @llvm.genx.lsc.load.merge.stateless.v16f32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64.v16f32(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i64>, i32, <16 x float>)
declare <16 x i32> @llvm.genx.lsc.load.stateless.v16i32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i64>, i32)
declare <64 x i32> @llvm.genx.lsc.load.stateless.v64i32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i64>, i32)
declare void @llvm.genx.lsc.prefetch.stateless.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i64>, i32)
declare void @llvm.genx.lsc.store.stateless.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64.v16i32(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i64>, <16 x i32>, i32)
declare <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32>, i32, i32, i32, i16, i32)
declare <16 x i64> @llvm.genx.rdregioni.v16i64.v16i64.i16(<16 x i64>, i32, i32, i32, i16, i32)
declare <16 x i64> @llvm.genx.wrregioni.v16i64.i64.i16.i1(<16 x i64>, i64, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i64)* @lsc_gather, !"lsc_gather", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0}
!2 = !{i32 128}
!3 = !{i32 0}
!4 = !{!"svmptr_t"}
