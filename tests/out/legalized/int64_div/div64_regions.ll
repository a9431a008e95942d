define dllexport void @div64_regions(i32 %arg0, <4 x i32> %arg1) {
bb0:
  %v0 = icmp sgt <4 x i32> %arg1, <i32 0, i32 0, i32 0, i32 0>
  %v1 = call <16 x i64> @llvm.genx.oword.ld.v16i64(i32 0, i32 %arg0, i32 0)
  %v2 = call <4 x i64> @llvm.genx.rdregioni.v4i64.v16i64.i16(<16 x i64> %v1, i32 0, i32 4, i32 1, i16 32, i32 undef)
  %v3 = call <4 x i64> @llvm.genx.rdregioni.v4i64.v16i64.i16(<16 x i64> %v1, i32 0, i32 4, i32 1, i16 64, i32 undef)
  %v4 = sdiv <4 x i64> %v2, %v3
  %v5 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v4i64.i16.v4i1(<16 x i64> %v1, <4 x i64> %v4, i32 0, i32 4, i32 1, i16 8, i32 undef, <4 x i1> %v0)
  %v29 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v5, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v30 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v1, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v31 = urem <8 x i64> %v29, %v30
  %v32 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> undef, <8 x i64> %v31, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v33 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v5, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v34 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v1, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v35 = urem <8 x i64> %v33, %v34
  %v36 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> %v32, <8 x i64> %v35, i32 0, i32 8, i32 1, i16 64, i32 undef, i1 true)
  %v7 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v4i64.i16.v4i1(<16 x i64> %v36, <4 x i64> %v4, i32 0, i32 4, i32 2, i16 0, i32 undef, <4 x i1> <i1 true, i1 true, i1 true, i1 true>)
  call void @llvm.genx.oword.st.v16i64(i32 %arg0, i32 8, <16 x i64> %v7)
  %v22 = bitcast <16 x i64> %v1 to <32 x i32>
  %v37 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v22, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v38 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v16i32.i16.i1(<64 x i32> undef, <16 x i32> %v37, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v39 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v22, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v40 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v16i32.i16.i1(<64 x i32> %v38, <16 x i32> %v39, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v20 = bitcast <64 x i32> %v40 to <32 x i64>
  %v25 = bitcast <16 x i64> %v36 to <32 x i32>
  %v27 = bitcast <32 x i64> %v20 to <64 x i32>
  %v41 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v25, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v42 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v16i32.i16.i1(<64 x i32> %v27, <16 x i32> %v41, i32 0, i32 16, i32 1, i16 128, i32 undef, i1 true)
  %v43 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v25, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v44 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v16i32.i16.i1(<64 x i32> %v42, <16 x i32> %v43, i32 0, i32 16, i32 1, i16 192, i32 undef, i1 true)
  %v9 = bitcast <64 x i32> %v44 to <32 x i64>
  %v89 = bitcast <32 x i64> %v9 to <64 x i32>
  %v90 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32> %v89, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v45 = bitcast <16 x i32> %v90 to <8 x i64>
  %v46 = udiv <8 x i64> %v45, %v45
  %v47 = call <32 x i64> @llvm.genx.wrregioni.v32i64.v8i64.i16.i1(<32 x i64> undef, <8 x i64> %v46, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v91 = bitcast <32 x i64> %v9 to <64 x i32>
  %v92 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32> %v91, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v48 = bitcast <16 x i32> %v92 to <8 x i64>
  %v49 = udiv <8 x i64> %v48, %v48
  %v50 = call <32 x i64> @llvm.genx.wrregioni.v32i64.v8i64.i16.i1(<32 x i64> %v47, <8 x i64> %v49, i32 0, i32 8, i32 1, i16 64, i32 undef, i1 true)
  %v93 = bitcast <32 x i64> %v9 to <64 x i32>
  %v94 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32> %v93, i32 0, i32 16, i32 1, i16 128, i32 undef)
  %v51 = bitcast <16 x i32> %v94 to <8 x i64>
  %v52 = udiv <8 x i64> %v51, %v51
  %v53 = call <32 x i64> @llvm.genx.wrregioni.v32i64.v8i64.i16.i1(<32 x i64> %v50, <8 x i64> %v52, i32 0, i32 8, i32 1, i16 128, i32 undef, i1 true)
  %v95 = bitcast <32 x i64> %v9 to <64 x i32>
  %v96 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32> %v95, i32 0, i32 16, i32 1, i16 192, i32 undef)
  %v54 = bitcast <16 x i32> %v96 to <8 x i64>
  %v55 = udiv <8 x i64> %v54, %v54
  %v56 = call <32 x i64> @llvm.genx.wrregioni.v32i64.v8i64.i16.i1(<32 x i64> %v53, <8 x i64> %v55, i32 0, i32 8, i32 1, i16 192, i32 undef, i1 true)
  %v57 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v32i64.i16(<32 x i64> %v56, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v58 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v32i64.i16(<32 x i64> %v56, i32 0, i32 8, i32 1, i16 128, i32 undef)
  %v59 = xor <8 x i64> %v57, %v58
  %v60 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> undef, <8 x i64> %v59, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v61 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v32i64.i16(<32 x i64> %v56, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v62 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v32i64.i16(<32 x i64> %v56, i32 0, i32 8, i32 1, i16 192, i32 undef)
  %v63 = xor <8 x i64> %v61, %v62
  %v64 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> %v60, <8 x i64> %v63, i32 0, i32 8, i32 1, i16 64, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v16i64(i32 %arg0, i32 8, <16 x i64> %v64)
  %v15 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg0, i32 0)
  %v65 = call <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float> %v15, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v66 = fptosi <8 x float> %v65 to <8 x i64>
  %v67 = call <32 x i64> @llvm.genx.wrregioni.v32i64.v8i64.i16.i1(<32 x i64> undef, <8 x i64> %v66, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v68 = call <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float> %v15, i32 0, i32 8, i32 1, i16 32, i32 undef)
  %v69 = fptosi <8 x float> %v68 to <8 x i64>
  %v70 = call <32 x i64> @llvm.genx.wrregioni.v32i64.v8i64.i16.i1(<32 x i64> %v67, <8 x i64> %v69, i32 0, i32 8, i32 1, i16 64, i32 undef, i1 true)
  %v71 = call <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float> %v15, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v72 = fptosi <8 x float> %v71 to <8 x i64>
  %v73 = call <32 x i64> @llvm.genx.wrregioni.v32i64.v8i64.i16.i1(<32 x i64> %v70, <8 x i64> %v72, i32 0, i32 8, i32 1, i16 128, i32 undef, i1 true)
  %v74 = call <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float> %v15, i32 0, i32 8, i32 1, i16 96, i32 undef)
  %v75 = fptosi <8 x float> %v74 to <8 x i64>
  %v76 = call <32 x i64> @llvm.genx.wrregioni.v32i64.v8i64.i16.i1(<32 x i64> %v73, <8 x i64> %v75, i32 0, i32 8, i32 1, i16 192, i32 undef, i1 true)
  %v77 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v32i64.i16(<32 x i64> %v76, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v78 = uitofp <8 x i64> %v77 to <8 x float>
  %v79 = call <32 x float> @llvm.genx.wrregionf.v32f32.v8f32.i16.i1(<32 x float> undef, <8 x float> %v78, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v80 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v32i64.i16(<32 x i64> %v76, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v81 = uitofp <8 x i64> %v80 to <8 x float>
  %v82 = call <32 x float> @llvm.genx.wrregionf.v32f32.v8f32.i16.i1(<32 x float> %v79, <8 x float> %v81, i32 0, i32 8, i32 1, i16 32, i32 undef, i1 true)
  %v83 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v32i64.i16(<32 x i64> %v76, i32 0, i32 8, i32 1, i16 128, i32 undef)
  %v84 = uitofp <8 x i64> %v83 to <8 x float>
  %v85 = call <32 x float> @llvm.genx.wrregionf.v32f32.v8f32.i16.i1(<32 x float> %v82, <8 x float> %v84, i32 0, i32 8, i32 1, i16 64, i32 undef, i1 true)
  %v86 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v32i64.i16(<32 x i64> %v76, i32 0, i32 8, i32 1, i16 192, i32 undef)
  %v87 = uitofp <8 x i64> %v86 to <8 x float>
  %v88 = call <32 x float> @llvm.genx.wrregionf.v32f32.v8f32.i16.i1(<32 x float> %v85, <8 x float> %v87, i32 0, i32 8, i32 1, i16 96, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v32f32(i32 %arg0, i32 8, <32 x float> %v88)
  ret void
}

declare <16 x i64> @llvm.genx.oword.ld.v16i64(i32, i32, i32)
declare <32 x float> @llvm.genx.oword.ld.v32f32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16i64(i32, i32, <16 x i64>)
declare void @llvm.genx.oword.st.v32f32(i32, i32, <32 x float>)
declare <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32>, i32, i32, i32, i16, i32)
declare <4 x i64> @llvm.genx.rdregioni.v4i64.v16i64.i16(<16 x i64>, i32, i32, i32, i16, i32)
declare <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64>, i32, i32, i32, i16, i32)
declare <8 x i64> @llvm.genx.rdregioni.v8i64.v32i64.i16(<32 x i64>, i32, i32, i32, i16, i32)
declare <32 x float> @llvm.genx.wrregionf.v32f32.v8f32.i16.i1(<32 x float>, <8 x float>, i32, i32, i32, i16, i32, i1)
declare <16 x i64> @llvm.genx.wrregioni.v16i64.v4i64.i16.v4i1(<16 x i64>, <4 x i64>, i32, i32, i32, i16, i32, <4 x i1>)
declare <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64>, <8 x i64>, i32, i32, i32, i16, i32, i1)
declare <32 x i64> @llvm.genx.wrregioni.v32i64.v8i64.i16.i1(<32 x i64>, <8 x i64>, i32, i32, i32, i16, i32, i1)
declare <64 x i32> @llvm.genx.wrregioni.v64i32.v16i32.i16.i1(<64 x i32>, <16 x i32>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, <4 x i32>)* @div64_regions, !"div64_regions", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 0}
!2 = !{i32 64, i32 68}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t read_write", !""}
