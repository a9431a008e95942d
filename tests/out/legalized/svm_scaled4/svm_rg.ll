define dllexport void @svm_rg(i64 %arg0, <16 x i64> %arg1, <32 x float> %arg2) {
bb0:
  %v19 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %arg1, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v20 = icmp ult <8 x i64> %v19, <i64 4096, i64 4096, i64 4096, i64 4096, i64 4096, i64 4096, i64 4096, i64 4096>
  %v21 = call <16 x i1> @llvm.genx.wrpredregion.v16i1.v16i1.v8i1(<16 x i1> undef, <8 x i1> %v20, i32 0)
  %v22 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %arg1, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v23 = icmp ult <8 x i64> %v22, <i64 4096, i64 4096, i64 4096, i64 4096, i64 4096, i64 4096, i64 4096, i64 4096>
  %v24 = call <16 x i1> @llvm.genx.wrpredregion.v16i1.v16i1.v8i1(<16 x i1> %v21, <8 x i1> %v23, i32 8)
  %v1 = add i64 %arg0, 0
  %v2 = call <16 x i64> @llvm.genx.wrregioni.v16i64.i64.i16.i1(<16 x i64> undef, i64 %v1, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v25 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %arg1, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v26 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v2, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v27 = add <8 x i64> %v25, %v26
  %v28 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> undef, <8 x i64> %v27, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v29 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %arg1, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v30 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v2, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v31 = add <8 x i64> %v29, %v30
  %v32 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> %v28, <8 x i64> %v31, i32 0, i32 8, i32 1, i16 64, i32 undef, i1 true)
  %v5 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %arg2, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v6 = call <16 x float> @llvm.genx.svm.gather.v16f32.v16i1.v16i64.v16f32(<16 x i1> %v24, i32 0, <16 x i64> %v32, <16 x float> %v5)
  %v7 = add i64 %arg0, 4
  %v8 = call <16 x i64> @llvm.genx.wrregioni.v16i64.i64.i16.i1(<16 x i64> undef, i64 %v7, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v33 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %arg1, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v34 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v8, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v35 = add <8 x i64> %v33, %v34
  %v36 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> undef, <8 x i64> %v35, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v37 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %arg1, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v38 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v8, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v39 = add <8 x i64> %v37, %v38
  %v40 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> %v36, <8 x i64> %v39, i32 0, i32 8, i32 1, i16 64, i32 undef, i1 true)
  %v11 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %arg2, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v12 = call <16 x float> @llvm.genx.svm.gather.v16f32.v16i1.v16i64.v16f32(<16 x i1> %v24, i32 0, <16 x i64> %v40, <16 x float> %v11)
  %v13 = fadd <16 x float> %v6, %v12
  %v14 = add i64 %arg0, 0
  %v15 = call <16 x i64> @llvm.genx.wrregioni.v16i64.i64.i16.i1(<16 x i64> undef, i64 %v14, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v41 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %arg1, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v42 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v15, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v43 = add <8 x i64> %v41, %v42
  %v44 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> undef, <8 x i64> %v43, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v45 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %arg1, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v46 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v15, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v47 = add <8 x i64> %v45, %v46
  %v48 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> %v44, <8 x i64> %v47, i32 0, i32 8, i32 1, i16 64, i32 undef, i1 true)
  call void @llvm.genx.svm.scatter.v16i1.v16i64.v16f32(<16 x i1> %v24, i32 0, <16 x i64> %v48, <16 x float> %v13)
  ret void
}

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
