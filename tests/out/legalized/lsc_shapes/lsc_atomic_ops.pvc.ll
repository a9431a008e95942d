define dllexport void @lsc_atomic_ops(i64 %arg0, <16 x i32> %arg1, <16 x float> %arg2) {
bb0:
  %v0 = call <16 x i64> @llvm.genx.wrregioni.v16i64.i64.i16.i1(<16 x i64> undef, i64 %arg0, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v1 = call <16 x i64> @llvm.genx.rdregioni.v16i64.v16i64.i16(<16 x i64> %v0, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v2 = zext <16 x i32> %arg1 to <16 x i64>
  %v3 = add <16 x i64> %v1, %v2
  %v4 = call <16 x i32> @llvm.genx.lsc.atomic.stateless.v16i32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64.v16i32.v16i32.v16i32(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 8, i8 0, i8 0, i16 1, i32 0, i8 3, i8 1, i8 1, i8 0, <16 x i64> %v3, <16 x i32> undef, <16 x i32> undef, i32 0, <16 x i32> undef)
  %v5 = call <16 x i32> @llvm.genx.lsc.atomic.stateless.v16i32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64.v16i32.v16i32.v16i32(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 9, i8 0, i8 0, i16 1, i32 64, i8 3, i8 1, i8 1, i8 0, <16 x i64> %v3, <16 x i32> undef, <16 x i32> undef, i32 0, <16 x i32> undef)
  %v6 = call <16 x i32> @llvm.genx.lsc.atomic.stateless.v16i32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64.v16i32.v16i32.v16i32(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 10, i8 0, i8 0, i16 1, i32 128, i8 3, i8 1, i8 1, i8 0, <16 x i64> %v3, <16 x i32> undef, <16 x i32> undef, i32 0, <16 x i32> undef)
  %v7 = call <16 x i64> @llvm.genx.lsc.atomic.stateless.v16i64.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64.v16i64.v16i64.v16i64(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 12, i8 0, i8 0, i16 1, i32 256, i8 4, i8 1, i8 1, i8 0, <16 x i64> %v3, <16 x i64> %v2, <16 x i64> undef, i32 0, <16 x i64> undef)
  %v8 = call <16 x i32> @llvm.genx.lsc.atomic.stateless.v16i32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64.v16i32.v16i32.v16i32(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 17, i8 0, i8 0, i16 1, i32 0, i8 3, i8 1, i8 1, i8 0, <16 x i64> %v3, <16 x i32> %v4, <16 x i32> undef, i32 0, <16 x i32> undef)
  %v9 = call <16 x float> @llvm.genx.lsc.atomic.stateless.v16f32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64.v16f32.v16f32.v16f32(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 19, i8 0, i8 0, i16 1, i32 512, i8 3, i8 1, i8 1, i8 0, <16 x i64> %v3, <16 x float> %arg2, <16 x float> undef, i32 0, <16 x float> undef)
  %v10 = call <16 x float> @llvm.genx.lsc.atomic.slm.v16f32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i32.v16f32.v16f32.v16f32(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 23, i8 0, i8 0, i16 1, i32 0, i8 3, i8 1, i8 1, i8 0, <16 x i32> %arg1, <16 x float> %v9, <16 x float> %arg2, i32 0, <16 x float> undef)
  %v11 = icmp ult <16 x i32> %v6, %v8
  %v12 = call <16 x i32> @llvm.genx.lsc.atomic.slm.v16i32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i32.v16i32.v16i32.v16i32(<16 x i1> %v11, i8 14, i8 0, i8 0, i16 1, i32 64, i8 3, i8 1, i8 1, i8 0, <16 x i32> %arg1, <16 x i32> %v6, <16 x i32> undef, i32 0, <16 x i32> %v8)
  %v13 = call <16 x i64> @llvm.genx.lsc.atomic.slm.v16i64.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i32.v16i64.v16i64.v16i64(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 18, i8 0, i8 0, i16 1, i32 128, i8 4, i8 1, i8 1, i8 0, <16 x i32> %arg1, <16 x i64> %v7, <16 x i64> %v2, i32 0, <16 x i64> undef)
  %v14 = call <16 x i32> @llvm.genx.lsc.atomic.slm.v16i32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i32.v16i32.v16i32.v16i32(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 24, i8 0, i8 0, i16 1, i32 256, i8 3, i8 1, i8 1, i8 0, <16 x i32> %arg1, <16 x i32> %v12, <16 x i32> undef, i32 0, <16 x i32> undef)
  %v15 = trunc <16 x i64> %v13 to <16 x i32>
  %v16 = bitcast <16 x float> %v10 to <16 x i32>
  %v17 = add <16 x i32> %v15, %v16
  call void @llvm.genx.lsc.store.stateless.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64.v16i32(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 4, i8 0, i8 0, i16 1, i32 1024, i8 3, i8 1, i8 1, i8 0, <16 x i64> %v3, <16 x i32> %v17, i32 0)
  ret void
}

declare <16 x float> @llvm.genx.lsc.atomic.slm.v16f32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i32.v16f32.v16f32.v16f32(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i32>, <16 x float>, <16 x float>, i32, <16 x float>)
declare <16 x i32> @llvm.genx.lsc.atomic.slm.v16i32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i32.v16i32.v16i32.v16i32(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i32>, <16 x i32>, <16 x i32>, i32, <16 x i32>)
declare <16 x i64> @llvm.genx.lsc.atomic.slm.v16i64.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i32.v16i64.v16i64.v16i64(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i32>, <16 x i64>, <16 x i64>, i32, <16 x i64>)
declare <16 x float> @llvm.genx.lsc.atomic.stateless.v16f32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64.v16f32.v16f32.v16f32(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i64>, <16 x float>, <16 x float>, i32, <16 x float>)
declare <16 x i32> @llvm.genx.lsc.atomic.stateless.v16i32.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64.v16i32.v16i32.v16i32(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i64>, <16 x i32>, <16 x i32>, i32, <16 x i32>)
declare <16 x i64> @llvm.genx.lsc.atomic.stateless.v16i64.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64.v16i64.v16i64.v16i64(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i64>, <16 x i64>, <16 x i64>, i32, <16 x i64>)
declare void @llvm.genx.lsc.store.stateless.v16i1.i8.i8.i8.i16.i8.i8.i8.i8.v16i64.v16i32(<16 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <16 x i64>, <16 x i32>, i32)
declare <16 x i64> @llvm.genx.rdregioni.v16i64.v16i64.i16(<16 x i64>, i32, i32, i32, i16, i32)
declare <16 x i64> @llvm.genx.wrregioni.v16i64.i64.i16.i1(<16 x i64>, i64, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i64, <16 x i32>, <16 x float>)* @lsc_atomic_ops, !"lsc_atomic_ops", !1, i32 4096, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0, i32 0}
!2 = !{i32 128, i32 192, i32 256}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"svmptr_t", !"", !""}
