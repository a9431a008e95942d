define dllexport void @svm_simd32(i64 %arg0, i32 %arg1, <32 x i32> %arg2) {
bb0:
  %v0 = call <32 x i64> @llvm.genx.wrregioni.v32i64.i64.i16.i1(<32 x i64> undef, i64 %arg0, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v15 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %arg2, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v16 = zext <16 x i32> %v15 to <16 x i64>
  %v18 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %arg2, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v19 = zext <16 x i32> %v18 to <16 x i64>
  %v21 = call <16 x i64> @llvm.genx.rdregioni.v16i64.v32i64.i16(<32 x i64> %v0, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v23 = add <16 x i64> %v21, %v16
  %v24 = call <32 x i64> @llvm.genx.wrregioni.v32i64.v16i64.i16.i1(<32 x i64> undef, <16 x i64> %v23, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v25 = call <16 x i64> @llvm.genx.rdregioni.v16i64.v32i64.i16(<32 x i64> %v0, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v27 = add <16 x i64> %v25, %v19
  %v28 = call <32 x i64> @llvm.genx.wrregioni.v32i64.v16i64.i16.i1(<32 x i64> %v24, <16 x i64> %v27, i32 0, i32 16, i32 1, i16 128, i32 undef, i1 true)
  %v4 = call <32 x float> @llvm.genx.svm.gather.v32f32.v32i1.v32i64.v32f32(<32 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i32 0, <32 x i64> %v28, <32 x float> undef)
  %v5 = call <32 x i64> @llvm.genx.svm.gather.v32i64.v32i1.v32i64.v32i64(<32 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i32 0, <32 x i64> %v28, <32 x i64> undef)
  %v6 = call <32 x i32> @llvm.genx.gather.scaled2.v32i32.i16.v32i32(i32 2, i16 0, i32 %arg1, i32 0, <32 x i32> %arg2)
  %v7 = fcmp ogt <32 x float> %v4, <float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000>
  %v8 = fmul <32 x float> %v4, %v4
  %v29 = call <16 x i64> @llvm.genx.rdregioni.v16i64.v32i64.i16(<32 x i64> %v5, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v31 = add <16 x i64> %v29, %v16
  %v32 = call <32 x i64> @llvm.genx.wrregioni.v32i64.v16i64.i16.i1(<32 x i64> undef, <16 x i64> %v31, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v33 = call <16 x i64> @llvm.genx.rdregioni.v16i64.v32i64.i16(<32 x i64> %v5, i32 0, i32 16, i32 1, i16 128, i32 undef)
  %v35 = add <16 x i64> %v33, %v19
  %v36 = call <32 x i64> @llvm.genx.wrregioni.v32i64.v16i64.i16.i1(<32 x i64> %v32, <16 x i64> %v35, i32 0, i32 16, i32 1, i16 128, i32 undef, i1 true)
  %v10 = add <32 x i32> %v6, %arg2
  %v11 = call <32 x i32> @llvm.genx.dword.atomic.add.v32i32.v32i1.v32i32.v32i32.v32i32(<32 x i1> %v7, i32 %arg1, <32 x i32> %arg2, <32 x i32> %v10, <32 x i32> undef)
  call void @llvm.genx.svm.scatter.v32i1.v32i64.v32f32(<32 x i1> %v7, i32 0, <32 x i64> %v28, <32 x float> %v8)
  call void @llvm.genx.svm.scatter.v32i1.v32i64.v32i64(<32 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i32 0, <32 x i64> %v28, <32 x i64> %v36)
  call void @llvm.genx.scatter.scaled.v32i1.i16.v32i32.v32i32(<32 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i32 2, i16 0, i32 %arg1, i32 4096, <32 x i32> %arg2, <32 x i32> %v11)
  ret void
}

declare <32 x i32> @llvm.genx.dword.atomic.add.v32i32.v32i1.v32i32.v32i32.v32i32(<32 x i1>, i32, <32 x i32>, <32 x i32>, <32 x i32>)
declare <32 x i32> @llvm.genx.gather.scaled2.v32i32.i16.v32i32(i32, i16, i32, i32, <32 x i32>)
declare <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare <16 x i64> @llvm.genx.rdregioni.v16i64.v32i64.i16(<32 x i64>, i32, i32, i32, i16, i32)
declare void @llvm.genx.scatter.scaled.v32i1.i16.v32i32.v32i32(<32 x i1>, i32, i16, i32, i32, <32 x i32>, <32 x i32>)
declare <32 x float> @llvm.genx.svm.gather.v32f32.v32i1.v32i64.v32f32(<32 x i1>, i32, <32 x i64>, <32 x float>)
declare <32 x i64> @llvm.genx.svm.gather.v32i64.v32i1.v32i64.v32i64(<32 x i1>, i32, <32 x i64>, <32 x i64>)
declare void @llvm.genx.svm.scatter.v32i1.v32i64.v32f32(<32 x i1>, i32, <32 x i64>, <32 x float>)
declare void @llvm.genx.svm.scatter.v32i1.v32i64.v32i64(<32 x i1>, i32, <32 x i64>, <32 x i64>)
declare <32 x i64> @llvm.genx.wrregioni.v32i64.i64.i16.i1(<32 x i64>, i64, i32, i32, i32, i16, i32, i1)
declare <32 x i64> @llvm.genx.wrregioni.v32i64.v16i64.i16.i1(<32 x i64>, <16 x i64>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i64, i32, <32 x i32>)* @svm_simd32, !"svm_simd32", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 2, i32 0}
!2 = !{i32 128, i32 136, i32 192}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"svmptr_t", !"buffer_t", !""}
