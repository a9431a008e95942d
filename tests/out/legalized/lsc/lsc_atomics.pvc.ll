define dllexport void @lsc_atomics(i64 %arg0, <16 x i32> %arg1) {
bb0:
  %v0 = call <16 x i64> @llvm.genx.wrregioni.v16i64.i64.i16.i1(<16 x i64> undef, i64 %arg0, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v1 = call <16 x i64> @llvm.genx.rdregioni.v16i64.v16i64.i16(<16 x i64> %v0, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v2 = zext <16 x i32> %arg1 to <16 x i64>
  %v3 = add <16 x i64> %v1, %v2
  %v4 = call <16 x i32> @llvm.genx.lsc.atomic.stateless.v16i32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64.v16i32.v16i32.v16i32(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 12, i8 0, i8 0, i16 1, i32 0, i8 3, i8 1, i8 1, i8 0, <16 x i64> %v3, <16 x i32> <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>, <16 x i32> undef, i32 0, <16 x i32> undef)
  %v5 = call <16 x i32> @llvm.genx.lsc.atomic.stateless.v16i32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64.v16i32.v16i32.v16i32(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 18, i8 0, i8 0, i16 1, i32 64, i8 3, i8 1, i8 1, i8 0, <16 x i64> %v3, <16 x i32> %v4, <16 x i32> %arg1, i32 0, <16 x i32> undef)
  %v6 = call <16 x i32> @llvm.genx.lsc.atomic.slm.v16i32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i32.v16i32.v16i32.v16i32(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 26, i8 0, i8 0, i16 1, i32 0, i8 3, i8 1, i8 1, i8 0, <16 x i32> %arg1, <16 x i32> %v5, <16 x i32> undef, i32 0, <16 x i32> undef)
  call void @llvm.genx.lsc.store.slm.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i32.v16i32(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 4, i8 0, i8 0, i16 1, i32 0, i8 3, i8 1, i8 1, i8 0, <16 x i32> %arg1, <16 x i32> %v6, i32 0)
  %v8 = call <16 x i32> @llvm.genx.lsc.load.slm.v16i32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i32(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 0, i8 0, i8 0, i16 1, i32 64, i8 3, i8 1, i8 1, i8 0, <16 x i32> %arg1, i32 0)
  call void @llvm.genx.lsc.store.stateless.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64.v16i32(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 4, i8 0, i8 0, i16 1, i32 0, i8 3, i8 1, i8 1, i8 0, <16 x i64> %v3, <16 x i32> %v8, i32 0)
  ret void
}

declare <16 x i32> @llvm.genx.lsc.atomic.slm.v16i32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i32.v16i32.v16i32.v16i32(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i32>, <16 x i32>, <16 x i32>, i32, <16 x i32>)
declare <16 x i32> @llvm.genx.lsc.atomic.stateless.v16i32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64.v16i32.v16i32.v16i32(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i64>, <16 x i32>, <16 x i32>, i32, <16 x i32>)
declare <16 x i32> @llvm.genx.lsc.load.slm.v16i32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i32(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i32>, i32)
declare void @llvm.genx.lsc.store.slm.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i32.v16i32(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i32>, <16 x i32>, i32)
declare void @llvm.genx.lsc.store.stateless.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64.v16i32(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i64>, <16 x i32>, i32)
declare <16 x i64> @llvm.genx.rdregioni.v16i64.v16i64.i16(<16 x i64>, i32, i32, i32, i16, i32)
declare <16 x i64> @llvm.genx.wrregioni.v16i64.i64.i16.i1(<16 x i64>, i64, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i64, <16 x i32>)* @lsc_atomics, !"lsc_atomics", !1, i32 4096, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0}
!2 = !{i32 128, i32 192}
!3 = !{i32 0, i32 0}
!4 = !{!"svmptr_t", !""}
