define dllexport void @lsc_simd32(i64 %arg0, <32 x i32> %arg1) {
bb0:
  %v0 = call <32 x i64> @llvm.genx.wrregioni.v32i64.i64.i16.i1(<32 x i64> undef, i64 %arg0, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v22 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %arg1, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v23 = zext <16 x i32> %v22 to <16 x i64>
  %v25 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %arg1, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v26 = zext <16 x i32> %v25 to <16 x i64>
  %v28 = call <16 x i64> @llvm.genx.rdregioni.v16i64.v32i64.i16(<32 x i64> %v0, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v30 = add <16 x i64> %v28, %v23
  %v31 = call <32 x i64> @llvm.genx.wrregioni.v32i64.v16i64.i16.i1(<32 x i64> undef, <16 x i64> %v30, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v32 = call <16 x i64> @llvm.genx.rdregioni.v16i64.v32i64.i16(<32 x i64> %v0, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v34 = add <16 x i64> %v32, %v26
  %v35 = call <32 x i64> @llvm.genx.wrregioni.v32i64.v16i64.i16.i1(<32 x i64> %v31, <16 x i64> %v34, i32 0, i32 16, i32 1, i16 128, i32 undef, i1 true)
  %v4 = call <32 x float> @llvm.genx.lsc.load.stateless.v32f32.v32i1.i8.i8.i8.i16.i8.i8.i8.i8.v32i64(<32 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 0, i8 0, i8 0, i16 1, i32 0, i8 3, i8 1, i8 1, i8 0, <32 x i64> %v35, i32 0)
  %v5 = call <32 x i64> @llvm.genx.lsc.load.stateless.v32i64.v32i1.i8.i8.i8.i16.i8.i8.i8.i8.v32i64(<32 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 0, i8 0, i8 0, i16 1, i32 256, i8 4, i8 1, i8 1, i8 0, <32 x i64> %v35, i32 0)
  %v6 = call <128 x i32> @llvm.genx.lsc.load.stateless.v128i32.v32i1.i8.i8.i8.i16.i8.i8.i8.i8.v32i64(<32 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 0, i8 0, i8 0, i16 1, i32 512, i8 3, i8 4, i8 1, i8 0, <32 x i64> %v35, i32 0)
  %v7 = call <32 x i32> @llvm.genx.lsc.load.slm.v32i32.v32i1.i8.i8.i8.i16.i8.i8.i8.i8.v32i32(<32 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 0, i8 0, i8 0, i16 1, i32 0, i8 3, i8 1, i8 1, i8 0, <32 x i32> %arg1, i32 0)
  %v8 = fcmp ogt <32 x float> %v4, <float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000>
  %v9 = call <32 x i32> @llvm.genx.lsc.load.slm.v32i32.v32i1.i8.i8.i8.i16.i8.i8.i8.i8.v32i32(<32 x i1> %v8, i8 0, i8 0, i8 0, i16 1, i32 128, i8 3, i8 1, i8 1, i8 0, <32 x i32> %arg1, i32 0)
  %v10 = fmul <32 x float> %v4, %v4
  %v11 = fptosi <32 x float> %v10 to <32 x i32>
  %v12 = call <32 x i32> @llvm.genx.rdregioni.v32i32.v128i32.i16(<128 x i32> %v6, i32 0, i32 32, i32 1, i16 0, i32 undef)
  %v13 = add <32 x i32> %v11, %v12
  %v14 = xor <32 x i32> %v13, %v7
  %v15 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v32i32.i16.v32i1(<32 x i32> %v9, <32 x i32> %v14, i32 0, i32 32, i32 1, i16 0, i32 undef, <32 x i1> %v8)
  %v36 = call <16 x i64> @llvm.genx.rdregioni.v16i64.v32i64.i16(<32 x i64> %v5, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v38 = add <16 x i64> %v36, %v23
  %v39 = call <32 x i64> @llvm.genx.wrregioni.v32i64.v16i64.i16.i1(<32 x i64> undef, <16 x i64> %v38, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v40 = call <16 x i64> @llvm.genx.rdregioni.v16i64.v32i64.i16(<32 x i64> %v5, i32 0, i32 16, i32 1, i16 128, i32 undef)
  %v42 = add <16 x i64> %v40, %v26
  %v43 = call <32 x i64> @llvm.genx.wrregioni.v32i64.v16i64.i16.i1(<32 x i64> %v39, <16 x i64> %v42, i32 0, i32 16, i32 1, i16 128, i32 undef, i1 true)
  %v17 = call <32 x i32> @llvm.genx.lsc.atomic.stateless.v32i32.v32i1.i8.i8.i8.i16.i8.i8.i8.i8.v32i64.v32i32.v32i32.v32i32(<32 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 12, i8 0, i8 0, i16 1, i32 1024, i8 3, i8 1, i8 1, i8 0, <32 x i64> %v35, <32 x i32> %v15, <32 x i32> undef, i32 0, <32 x i32> undef)
  %v18 = call <32 x float> @llvm.genx.lsc.atomic.slm.v32f32.v32i1.i8.i8.i8.i16.i8.i8.i8.i8.v32i32.v32f32.v32f32.v32f32(<32 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 22, i8 0, i8 0, i16 1, i32 256, i8 3, i8 1, i8 1, i8 0, <32 x i32> %arg1, <32 x float> %v10, <32 x float> undef, i32 0, <32 x float> undef)
  call void @llvm.genx.lsc.store.slm.v32i1.i8.i8.i8.i16.i8.i8.i8.i8.v32i32.v32i32(<32 x i1> %v8, i8 4, i8 0, i8 0, i16 1, i32 512, i8 3, i8 1, i8 1, i8 0, <32 x i32> %arg1, <32 x i32> %v17, i32 0)
  call void @llvm.genx.lsc.store.stateless.v32i1.i8.i8.i8.i16.i8.i8.i8.i8.v32i64.v32i64(<32 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 4, i8 0, i8 0, i16 1, i32 2048, i8 4, i8 1, i8 1, i8 0, <32 x i64> %v35, <32 x i64> %v43, i32 0)
  call void @llvm.genx.lsc.store.stateless.v32i1.i8.i8.i8.i16.i8.i8.i8.i8.v32i64.v128i32(<32 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i8 4, i8 0, i8 0, i16 1, i32 4096, i8 3, i8 4, i8 1, i8 0, <32 x i64> %v35, <128 x i32> %v6, i32 0)
  ret void
}

declare <32 x float> @llvm.genx.lsc.atomic.slm.v32f32.v32i1.i8.i8.i8.i16.i8.i8.i8.i8.v32i32.v32f32.v32f32.v32f32(<32 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <32 x i32>, <32 x float>, <32 x float>, i32, <32 x float>)
declare <32 x i32> @llvm.genx.lsc.atomic.stateless.v32i32.v32i1.i8.i8.i8.i16.i8.i8.i8.i8.v32i64.v32i32.v32i32.v32i32(<32 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <32 x i64>, <32 x i32>, <32 x i32>, i32, <32 x i32>)
declare <32 x i32> @llvm.genx.lsc.load.slm.v32i32.v32i1.i8.i8.i8.i16.i8.i8.i8.i8.v32i32(<32 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <32 x i32>, i32)
declare <128 x i32> @llvm.genx.lsc.load.stateless.v128i32.v32i1.i8.i8.i8.i16.i8.i8.i8.i8.v32i64(<32 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <32 x i64>, i32)
declare <32 x float> @llvm.genx.lsc.load.stateless.v32f32.v32i1.i8.i8.i8.i16.i8.i8.i8.i8.v32i64(<32 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <32 x i64>, i32)
declare <32 x i64> @llvm.genx.lsc.load.stateless.v32i64.v32i1.i8.i8.i8.i16.i8.i8.i8.i8.v32i64(<32 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <32 x i64>, i32)
declare void @llvm.genx.lsc.store.slm.v32i1.i8.i8.i8.i16.i8.i8.i8.i8.v32i32.v32i32(<32 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <32 x i32>, <32 x i32>, i32)
declare void @llvm.genx.lsc.store.stateless.v32i1.i8.i8.i8.i16.i8.i8.i8.i8.v32i64.v128i32(<32 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <32 x i64>, <128 x i32>, i32)
declare void @llvm.genx.lsc.store.stateless.v32i1.i8.i8.i8.i16.i8.i8.i8.i8.v32i64.v32i64(<32 x i1>, i8, i8, i8, i16, i32, i8, i8, i8, i8, <32 x i64>, <32 x i64>, i32)
declare <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare <16 x i64> @llvm.genx.rdregioni.v16i64.v32i64.i16(<32 x i64>, i32, i32, i32, i16, i32)
declare <32 x i32> @llvm.genx.rdregioni.v32i32.v128i32.i16(<128 x i32>, i32, i32, i32, i16, i32)
declare <32 x i32> @llvm.genx.wrregioni.v32i32.v32i32.i16.v32i1(<32 x i32>, <32 x i32>, i32, i32, i32, i16, i32, <32 x i1>)
declare <32 x i64> @llvm.genx.wrregioni.v32i64.i64.i16.i1(<32 x i64>, i64, i32, i32, i32, i16, i32, i1)
declare <32 x i64> @llvm.genx.wrregioni.v32i64.v16i64.i16.i1(<32 x i64>, <16 x i64>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i64, <32 x i32>)* @lsc_simd32, !"lsc_simd32", !1, i32 4096, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0}
!2 = !{i32 128, i32 192}
!3 = !{i32 0, i32 0}
!4 = !{!"svmptr_t", !""}
