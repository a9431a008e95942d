define dllexport void @svm_rgba(i64 %arg0, <16 x i64> %arg1) {
bb0:
  %v0 = add i64 %arg0, 0
  %v1 = call <16 x i64> @llvm.genx.wrregioni.v16i64.i64.i16.i1(<16 x i64> undef, i64 %v0, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v50 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %arg1, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v51 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v1, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v52 = add <8 x i64> %v50, %v51
  %v53 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> undef, <8 x i64> %v52, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v54 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %arg1, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v55 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v1, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v56 = add <8 x i64> %v54, %v55
  %v57 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> %v53, <8 x i64> %v56, i32 0, i32 8, i32 1, i16 64, i32 undef, i1 true)
  %v4 = call <16 x i32> @llvm.genx.svm.gather.v16i32.v16i1.v16i64.v16i32(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i32 0, <16 x i64> %v57, <16 x i32> undef)
  %v5 = add i64 %arg0, 4
  %v6 = call <16 x i64> @llvm.genx.wrregioni.v16i64.i64.i16.i1(<16 x i64> undef, i64 %v5, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v58 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %arg1, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v59 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v6, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v60 = add <8 x i64> %v58, %v59
  %v61 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> undef, <8 x i64> %v60, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v62 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %arg1, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v63 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v6, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v64 = add <8 x i64> %v62, %v63
  %v65 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> %v61, <8 x i64> %v64, i32 0, i32 8, i32 1, i16 64, i32 undef, i1 true)
  %v9 = call <16 x i32> @llvm.genx.svm.gather.v16i32.v16i1.v16i64.v16i32(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i32 0, <16 x i64> %v65, <16 x i32> undef)
  %v10 = add i64 %arg0, 8
  %v11 = call <16 x i64> @llvm.genx.wrregioni.v16i64.i64.i16.i1(<16 x i64> undef, i64 %v10, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v66 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %arg1, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v67 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v11, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v68 = add <8 x i64> %v66, %v67
  %v69 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> undef, <8 x i64> %v68, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v70 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %arg1, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v71 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v11, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v72 = add <8 x i64> %v70, %v71
  %v73 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> %v69, <8 x i64> %v72, i32 0, i32 8, i32 1, i16 64, i32 undef, i1 true)
  %v14 = call <16 x i32> @llvm.genx.svm.gather.v16i32.v16i1.v16i64.v16i32(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i32 0, <16 x i64> %v73, <16 x i32> undef)
  %v15 = add i64 %arg0, 12
  %v16 = call <16 x i64> @llvm.genx.wrregioni.v16i64.i64.i16.i1(<16 x i64> undef, i64 %v15, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v74 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %arg1, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v75 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v16, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v76 = add <8 x i64> %v74, %v75
  %v77 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> undef, <8 x i64> %v76, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v78 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %arg1, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v79 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v16, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v80 = add <8 x i64> %v78, %v79
  %v81 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> %v77, <8 x i64> %v80, i32 0, i32 8, i32 1, i16 64, i32 undef, i1 true)
  %v19 = call <16 x i32> @llvm.genx.svm.gather.v16i32.v16i1.v16i64.v16i32(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i32 0, <16 x i64> %v81, <16 x i32> undef)
  %v39 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v16i32.i16(<16 x i32> %v4, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v40 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> undef, <16 x i32> %v39, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v41 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v16i32.i16(<16 x i32> %v9, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v20 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> %v40, <16 x i32> %v41, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v42 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v16i32.i16(<16 x i32> %v14, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v21 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> undef, <16 x i32> %v42, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v82 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v20, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v83 = call <48 x i32> @llvm.genx.wrregioni.v48i32.v16i32.i16.i1(<48 x i32> undef, <16 x i32> %v82, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v84 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v20, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v85 = call <48 x i32> @llvm.genx.wrregioni.v48i32.v16i32.i16.i1(<48 x i32> %v83, <16 x i32> %v84, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v45 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v21, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v22 = call <48 x i32> @llvm.genx.wrregioni.v48i32.v16i32.i16.i1(<48 x i32> %v85, <16 x i32> %v45, i32 0, i32 16, i32 1, i16 128, i32 undef, i1 true)
  %v46 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v16i32.i16(<16 x i32> %v19, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v23 = call <48 x i32> @llvm.genx.wrregioni.v48i32.v16i32.i16.i1(<48 x i32> undef, <16 x i32> %v46, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v88 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v48i32.i16(<48 x i32> %v22, i32 0, i32 16, i32 1, i16 128, i32 undef)
  %v89 = xor <16 x i32> %v88, <i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1>
  %v91 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v48i32.i16(<48 x i32> %v23, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v92 = xor <16 x i32> %v91, <i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1, i32 -1>
  %v27 = add i64 %arg0, 8
  %v28 = call <16 x i64> @llvm.genx.wrregioni.v16i64.i64.i16.i1(<16 x i64> undef, i64 %v27, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v94 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %arg1, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v95 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v28, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v96 = add <8 x i64> %v94, %v95
  %v97 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> undef, <8 x i64> %v96, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v98 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %arg1, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v99 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v28, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v100 = add <8 x i64> %v98, %v99
  %v101 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> %v97, <8 x i64> %v100, i32 0, i32 8, i32 1, i16 64, i32 undef, i1 true)
  call void @llvm.genx.svm.scatter.v16i1.v16i64.v16i32(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i32 0, <16 x i64> %v101, <16 x i32> %v89)
  %v33 = add i64 %arg0, 12
  %v34 = call <16 x i64> @llvm.genx.wrregioni.v16i64.i64.i16.i1(<16 x i64> undef, i64 %v33, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v102 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %arg1, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v103 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v34, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v104 = add <8 x i64> %v102, %v103
  %v105 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> undef, <8 x i64> %v104, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v106 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %arg1, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v107 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v34, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v108 = add <8 x i64> %v106, %v107
  %v109 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> %v105, <8 x i64> %v108, i32 0, i32 8, i32 1, i16 64, i32 undef, i1 true)
  call void @llvm.genx.svm.scatter.v16i1.v16i64.v16i32(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i32 0, <16 x i64> %v109, <16 x i32> %v92)
  ret void
}

declare <16 x i32> @llvm.genx.rdregioni.v16i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare <16 x i32> @llvm.genx.rdregioni.v16i32.v48i32.i16(<48 x i32>, i32, i32, i32, i16, i32)
declare <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64>, i32, i32, i32, i16, i32)
declare <16 x i32> @llvm.genx.svm.gather.v16i32.v16i1.v16i64.v16i32(<16 x i1>, i32, <16 x i64>, <16 x i32>)
declare void @llvm.genx.svm.scatter.v16i1.v16i64.v16i32(<16 x i1>, i32, <16 x i64>, <16 x i32>)
declare <16 x i64> @llvm.genx.wrregioni.v16i64.i64.i16.i1(<16 x i64>, i64, i32, i32, i32, i16, i32, i1)
declare <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64>, <8 x i64>, i32, i32, i32, i16, i32, i1)
declare <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32>, <16 x i32>, i32, i32, i32, i16, i32, i1)
declare <48 x i32> @llvm.genx.wrregioni.v48i32.v16i32.i16.i1(<48 x i32>, <16 x i32>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i64, <16 x i64>)* @svm_rgba, !"svm_rgba", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0}
!2 = !{i32 64, i32 96}
!3 = !{i32 0, i32 0}
!4 = !{!"svmptr_t", !""}
