define dllexport void @div64_regions(i32 %arg0, <4 x i32> %arg1) {
bb0:
  %v0 = icmp sgt <4 x i32> %arg1, <i32 0, i32 0, i32 0, i32 0>
  %v1 = call <16 x i64> @llvm.genx.oword.ld.v16i64(i32 0, i32 %arg0, i32 0)
  %v43 = bitcast <16 x i64> %v1 to <32 x i32>
  %v44 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %v43, i32 0, i32 8, i32 1, i16 32, i32 undef)
  %v2 = bitcast <8 x i32> %v44 to <4 x i64>
  %v45 = bitcast <16 x i64> %v1 to <32 x i32>
  %v46 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %v45, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v3 = bitcast <8 x i32> %v46 to <4 x i64>
  %v19 = ashr <4 x i64> %v2, <i64 63, i64 63, i64 63, i64 63>
  %v20 = xor <4 x i64> %v2, %v19
  %v21 = sub <4 x i64> %v20, %v19
  %v22 = ashr <4 x i64> %v3, <i64 63, i64 63, i64 63, i64 63>
  %v23 = xor <4 x i64> %v3, %v22
  %v24 = sub <4 x i64> %v23, %v22
  %v25 = call <8 x i64> @llvm.genx.wrregioni.v8i64.v4i64.i16.i1(<8 x i64> undef, <4 x i64> %v21, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
  %v26 = call <8 x i64> @llvm.genx.wrregioni.v8i64.v4i64.i16.i1(<8 x i64> undef, <4 x i64> %v24, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
  %v27 = call <8 x i64> @__genxc_udiv_i64_x8(<8 x i64> %v25, <8 x i64> %v26)
  %v28 = call <4 x i64> @llvm.genx.rdregioni.v4i64.v8i64.i16(<8 x i64> %v27, i32 0, i32 4, i32 1, i16 0, i32 undef)
  %v29 = xor <4 x i64> %v19, %v22
  %v30 = xor <4 x i64> %v28, %v29
  %v4 = sub <4 x i64> %v30, %v29
  %v5 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v4i64.i16.v4i1(<16 x i64> %v1, <4 x i64> %v4, i32 0, i32 4, i32 1, i16 8, i32 undef, <4 x i1> %v0)
  %v47 = bitcast <16 x i64> %v5 to <32 x i32>
  %v48 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v47, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v31 = bitcast <16 x i32> %v48 to <8 x i64>
  %v49 = bitcast <16 x i64> %v1 to <32 x i32>
  %v50 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v49, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v32 = bitcast <16 x i32> %v50 to <8 x i64>
  %v33 = call <8 x i64> @__genxc_udiv_i64_x8(<8 x i64> %v31, <8 x i64> %v32)
  %v51 = bitcast <8 x i64> %v33 to <16 x i32>
  %v52 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> undef, <16 x i32> %v51, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v34 = bitcast <32 x i32> %v52 to <16 x i64>
  %v53 = bitcast <16 x i64> %v5 to <32 x i32>
  %v54 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v53, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v35 = bitcast <16 x i32> %v54 to <8 x i64>
  %v55 = bitcast <16 x i64> %v1 to <32 x i32>
  %v56 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v55, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v36 = bitcast <16 x i32> %v56 to <8 x i64>
  %v37 = call <8 x i64> @__genxc_udiv_i64_x8(<8 x i64> %v35, <8 x i64> %v36)
  %v57 = bitcast <8 x i64> %v37 to <16 x i32>
  %v58 = bitcast <16 x i64> %v34 to <32 x i32>
  %v59 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> %v58, <16 x i32> %v57, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v38 = bitcast <32 x i32> %v59 to <16 x i64>
  %v67 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v38, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v68 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v1, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v69 = mul <8 x i64> %v67, %v68
  %v71 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v38, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v72 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v5, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v73 = mul <8 x i64> %v71, %v72
  %v75 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v5, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v77 = sub <8 x i64> %v75, %v69
  %v78 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> undef, <8 x i64> %v77, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v79 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v5, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v81 = sub <8 x i64> %v79, %v73
  %v82 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> %v78, <8 x i64> %v81, i32 0, i32 8, i32 1, i16 64, i32 undef, i1 true)
  %v7 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v4i64.i16.v4i1(<16 x i64> %v82, <4 x i64> %v4, i32 0, i32 4, i32 2, i16 0, i32 undef, <4 x i1> <i1 true, i1 true, i1 true, i1 true>)
  call void @llvm.genx.oword.st.v16i64(i32 %arg0, i32 8, <16 x i64> %v7)
  %v60 = bitcast <16 x i64> %v1 to <32 x i32>
  %v83 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v60, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v84 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v16i32.i16.i1(<64 x i32> undef, <16 x i32> %v83, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v85 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v60, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v86 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v16i32.i16.i1(<64 x i32> %v84, <16 x i32> %v85, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v41 = bitcast <64 x i32> %v86 to <32 x i64>
  %v63 = bitcast <16 x i64> %v82 to <32 x i32>
  %v65 = bitcast <32 x i64> %v41 to <64 x i32>
  %v87 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v63, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v88 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v16i32.i16.i1(<64 x i32> %v65, <16 x i32> %v87, i32 0, i32 16, i32 1, i16 128, i32 undef, i1 true)
  %v89 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v63, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v90 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v16i32.i16.i1(<64 x i32> %v88, <16 x i32> %v89, i32 0, i32 16, i32 1, i16 192, i32 undef, i1 true)
  %v9 = bitcast <64 x i32> %v90 to <32 x i64>
  %v91 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v32i64.i16(<32 x i64> <i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1>, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v92 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v32i64.i16(<32 x i64> <i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1>, i32 0, i32 8, i32 1, i16 128, i32 undef)
  %v93 = xor <8 x i64> %v91, %v92
  %v94 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> undef, <8 x i64> %v93, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v95 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v32i64.i16(<32 x i64> <i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1>, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v96 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v32i64.i16(<32 x i64> <i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1>, i32 0, i32 8, i32 1, i16 192, i32 undef)
  %v97 = xor <8 x i64> %v95, %v96
  %v98 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> %v94, <8 x i64> %v97, i32 0, i32 8, i32 1, i16 64, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v16i64(i32 %arg0, i32 8, <16 x i64> %v98)
  %v15 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg0, i32 0)
  %v99 = call <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float> %v15, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v100 = fptosi <8 x float> %v99 to <8 x i64>
  %v102 = call <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float> %v15, i32 0, i32 8, i32 1, i16 32, i32 undef)
  %v103 = fptosi <8 x float> %v102 to <8 x i64>
  %v105 = call <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float> %v15, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v106 = fptosi <8 x float> %v105 to <8 x i64>
  %v108 = call <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float> %v15, i32 0, i32 8, i32 1, i16 96, i32 undef)
  %v109 = fptosi <8 x float> %v108 to <8 x i64>
  %v112 = uitofp <8 x i64> %v100 to <8 x float>
  %v113 = call <32 x float> @llvm.genx.wrregionf.v32f32.v8f32.i16.i1(<32 x float> undef, <8 x float> %v112, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v115 = uitofp <8 x i64> %v103 to <8 x float>
  %v116 = call <32 x float> @llvm.genx.wrregionf.v32f32.v8f32.i16.i1(<32 x float> %v113, <8 x float> %v115, i32 0, i32 8, i32 1, i16 32, i32 undef, i1 true)
  %v118 = uitofp <8 x i64> %v106 to <8 x float>
  %v119 = call <32 x float> @llvm.genx.wrregionf.v32f32.v8f32.i16.i1(<32 x float> %v116, <8 x float> %v118, i32 0, i32 8, i32 1, i16 64, i32 undef, i1 true)
  %v121 = uitofp <8 x i64> %v109 to <8 x float>
  %v122 = call <32 x float> @llvm.genx.wrregionf.v32f32.v8f32.i16.i1(<32 x float> %v119, <8 x float> %v121, i32 0, i32 8, i32 1, i16 96, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v32f32(i32 %arg0, i32 8, <32 x float> %v122)
  ret void
}

define internal <8 x i64> @__genxc_udiv_i64_x8(<8 x i64> %arg0, <8 x i64> %arg1) {
bb0:
  %v0 = udiv <8 x i64> %arg0, %arg1
  ret <8 x i64> %v0
}

declare <16 x i64> @llvm.genx.oword.ld.v16i64(i32, i32, i32)
declare <32 x float> @llvm.genx.oword.ld.v32f32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16i64(i32, i32, <16 x i64>)
declare void @llvm.genx.oword.st.v32f32(i32, i32, <32 x float>)
declare <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare <4 x i64> @llvm.genx.rdregioni.v4i64.v8i64.i16(<8 x i64>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64>, i32, i32, i32, i16, i32)
declare <8 x i64> @llvm.genx.rdregioni.v8i64.v32i64.i16(<32 x i64>, i32, i32, i32, i16, i32)
declare <32 x float> @llvm.genx.wrregionf.v32f32.v8f32.i16.i1(<32 x float>, <8 x float>, i32, i32, i32, i16, i32, i1)
declare <16 x i64> @llvm.genx.wrregioni.v16i64.v4i64.i16.v4i1(<16 x i64>, <4 x i64>, i32, i32, i32, i16, i32, <4 x i1>)
declare <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64>, <8 x i64>, i32, i32, i32, i16, i32, i1)
declare <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32>, <16 x i32>, i32, i32, i32, i16, i32, i1)
declare <64 x i32> @llvm.genx.wrregioni.v64i32.v16i32.i16.i1(<64 x i32>, <16 x i32>, i32, i32, i32, i16, i32, i1)
declare <8 x i64> @llvm.genx.wrregioni.v8i64.v4i64.i16.i1(<8 x i64>, <4 x i64>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, <4 x i32>)* @div64_regions, !"div64_regions", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 0}
!2 = !{i32 64, i32 68}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t read_write", !""}
