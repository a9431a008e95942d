define dllexport void @svm_rg(i64 %arg0, <16 x i64> %arg1, <32 x float> %arg2) {
bb0:
  %v26 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %arg1, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v27 = icmp ult <8 x i64> %v26, <i64 4096, i64 4096, i64 4096, i64 4096, i64 4096, i64 4096, i64 4096, i64 4096>
  %v28 = call <16 x i1> @llvm.genx.wrpredregion.v16i1.v16i1.v8i1(<16 x i1> undef, <8 x i1> %v27, i32 0)
  %v29 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %arg1, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v30 = icmp ult <8 x i64> %v29, <i64 4096, i64 4096, i64 4096, i64 4096, i64 4096, i64 4096, i64 4096, i64 4096>
  %v31 = call <16 x i1> @llvm.genx.wrpredregion.v16i1.v16i1.v8i1(<16 x i1> %v28, <8 x i1> %v30, i32 8)
  %v1 = add i64 %arg0, 0
  %v2 = call <16 x i64> @llvm.genx.wrregioni.v16i64.i64.i16.i1(<16 x i64> undef, i64 %v1, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v32 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %arg1, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v33 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v2, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v34 = add <8 x i64> %v32, %v33
  %v35 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> undef, <8 x i64> %v34, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v36 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %arg1, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v37 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v2, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v38 = add <8 x i64> %v36, %v37
  %v39 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> %v35, <8 x i64> %v38, i32 0, i32 8, i32 1, i16 64, i32 undef, i1 true)
  %v5 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %arg2, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v6 = call <16 x float> @llvm.genx.svm.gather.v16f32.v16i1.v16i64.v16f32(<16 x i1> %v31, i32 0, <16 x i64> %v39, <16 x float> %v5)
  %v7 = add i64 %arg0, 4
  %v8 = call <16 x i64> @llvm.genx.wrregioni.v16i64.i64.i16.i1(<16 x i64> undef, i64 %v7, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v40 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %arg1, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v41 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v8, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v42 = add <8 x i64> %v40, %v41
  %v43 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> undef, <8 x i64> %v42, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v44 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %arg1, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v45 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v8, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v46 = add <8 x i64> %v44, %v45
  %v47 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> %v43, <8 x i64> %v46, i32 0, i32 8, i32 1, i16 64, i32 undef, i1 true)
  %v11 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %arg2, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v12 = call <16 x float> @llvm.genx.svm.gather.v16f32.v16i1.v16i64.v16f32(<16 x i1> %v31, i32 0, <16 x i64> %v47, <16 x float> %v11)
  %v14 = call <16 x float> @llvm.genx.rdregionf.v16f32.v16f32.i16(<16 x float> %v6, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v15 = call <16 x float> @llvm.genx.rdregionf.v16f32.v16f32.i16(<16 x float> %v12, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v16 = fadd <16 x float> %v14, %v15
  %v17 = add i64 %arg0, 0
  %v18 = call <16 x i64> @llvm.genx.wrregioni.v16i64.i64.i16.i1(<16 x i64> undef, i64 %v17, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v48 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %arg1, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v49 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v18, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v50 = add <8 x i64> %v48, %v49
  %v51 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> undef, <8 x i64> %v50, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v52 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %arg1, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v53 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v18, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v54 = add <8 x i64> %v52, %v53
  %v55 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> %v51, <8 x i64> %v54, i32 0, i32 8, i32 1, i16 64, i32 undef, i1 true)
  %v21 = call <16 x float> @llvm.genx.rdregionf.v16f32.v16f32.i16(<16 x float> %v16, i32 0, i32 16, i32 1, i16 0, i32 undef)
  call void @llvm.genx.svm.scatter.v16i1.v16i64.v16f32(<16 x i1> %v31, i32 0, <16 x i64> %v55, <16 x float> %v21)
  ret void
}

declare <16 x float> @llvm.genx.rdregionf.v16f32.v16f32.i16(<16 x float>, i32, i32, i32, i16, i32)
declare <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64>, i32, i32, i32, i16, i32)
declare <16 x float> @llvm.genx.svm.gather.v16f32.v16i1.v16i64.v16f32(<16 x i1>, i32, <16 x i64>, <16 x float>)
declare void @llvm.genx.svm.scatter.v16i1.v16i64.v16f32(<16 x i1>, i32, <16 x i64>, <16 x float>)
declare <16 x i1> @llvm.genx.wrpredregion.v16i1.v16i1.v8i1(<16 x i1>, <8 x i1>, i32)
declare <16 x i64> @llvm.genx.wrregioni.v16i64.i64.i16.i1(<16 x i64>, i64, i32, i32, i32, i16, i32, i1)
declare <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64>, <8 x i64>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i64, <16 x i64>, <32 x float>)* @svm_rg, !"svm_rg", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0, i32 0}
!2 = !{i32 64, i32 96, i32 224}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"svmptr_t", !"", !""}
