define dllexport void @simd32_alu(i32 %arg0, i32 %arg1) {
bb0:
  %v0 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg0, i32 0)
  %v1 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg0, i32 8)
  %v2 = call <32 x i32> @llvm.genx.oword.ld.v32i32(i32 0, i32 %arg0, i32 16)
  %v3 = call <32 x i32> @llvm.genx.oword.ld.v32i32(i32 0, i32 %arg0, i32 24)
  %v27 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v0, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v28 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v1, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v29 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v27, <16 x float> %v28, <16 x float> %v27)
  %v30 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> undef, <16 x float> %v29, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v31 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v0, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v32 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v1, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v33 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v31, <16 x float> %v32, <16 x float> %v31)
  %v34 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> %v30, <16 x float> %v33, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v35 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v34, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v36 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v1, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v37 = call <16 x float> @llvm.genx.fmax.v16f32.v16f32.v16f32(<16 x float> %v35, <16 x float> %v36)
  %v38 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> undef, <16 x float> %v37, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v39 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v34, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v40 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v1, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v41 = call <16 x float> @llvm.genx.fmax.v16f32.v16f32.v16f32(<16 x float> %v39, <16 x float> %v40)
  %v42 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> %v38, <16 x float> %v41, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v43 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v42, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v44 = call <16 x float> @llvm.genx.rsqrt.v16f32.v16f32(<16 x float> %v43)
  %v45 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> undef, <16 x float> %v44, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v46 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v42, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v47 = call <16 x float> @llvm.genx.rsqrt.v16f32.v16f32(<16 x float> %v46)
  %v48 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> %v45, <16 x float> %v47, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v49 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v48, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v50 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v0, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v51 = fcmp olt <16 x float> %v49, %v50
  %v52 = call <32 x i1> @llvm.genx.wrpredregion.v32i1.v32i1.v16i1(<32 x i1> undef, <16 x i1> %v51, i32 0)
  %v53 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v48, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v54 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v0, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v55 = fcmp olt <16 x float> %v53, %v54
  %v56 = call <32 x i1> @llvm.genx.wrpredregion.v32i1.v32i1.v16i1(<32 x i1> %v52, <16 x i1> %v55, i32 16)
  %v57 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v56, i32 0)
  %v58 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v48, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v59 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v0, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v60 = select <16 x i1> %v57, <16 x float> %v58, <16 x float> %v59
  %v61 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> undef, <16 x float> %v60, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v62 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v56, i32 16)
  %v63 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v48, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v64 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v0, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v65 = select <16 x i1> %v62, <16 x float> %v63, <16 x float> %v64
  %v66 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> %v61, <16 x float> %v65, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v67 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v2, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v68 = shl <16 x i32> %v67, <i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2>
  %v69 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> undef, <16 x i32> %v68, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v70 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v2, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v71 = shl <16 x i32> %v70, <i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2>
  %v72 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> %v69, <16 x i32> %v71, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v73 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v72, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v74 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v3, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v75 = xor <16 x i32> %v73, %v74
  %v76 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> undef, <16 x i32> %v75, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v77 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v72, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v78 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v3, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v79 = xor <16 x i32> %v77, %v78
  %v80 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> %v76, <16 x i32> %v79, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v81 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v80, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v82 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v2, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v83 = call <16 x i32> @llvm.genx.smin.v16i32.v16i32.v16i32(<16 x i32> %v81, <16 x i32> %v82)
  %v84 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> undef, <16 x i32> %v83, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v85 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v80, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v86 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v2, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v87 = call <16 x i32> @llvm.genx.smin.v16i32.v16i32.v16i32(<16 x i32> %v85, <16 x i32> %v86)
  %v88 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> %v84, <16 x i32> %v87, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v89 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v3, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v90 = or <16 x i32> %v89, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %v91 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> undef, <16 x i32> %v90, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v92 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v3, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v93 = or <16 x i32> %v92, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %v94 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> %v91, <16 x i32> %v93, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v95 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v88, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v96 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v94, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v97 = udiv <16 x i32> %v95, %v96
  %v98 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> undef, <16 x i32> %v97, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v99 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v88, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v100 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v94, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v101 = udiv <16 x i32> %v99, %v100
  %v102 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> %v98, <16 x i32> %v101, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v103 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v2, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v104 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v94, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v105 = srem <16 x i32> %v103, %v104
  %v106 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> undef, <16 x i32> %v105, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v107 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v2, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v108 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v94, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v109 = srem <16 x i32> %v107, %v108
  %v110 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> %v106, <16 x i32> %v109, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v111 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v102, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v112 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v110, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v113 = add <16 x i32> %v111, %v112
  %v114 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> undef, <16 x i32> %v113, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v115 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v102, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v116 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v110, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v117 = add <16 x i32> %v115, %v116
  %v118 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> %v114, <16 x i32> %v117, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v119 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v66, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v120 = fptosi <16 x float> %v119 to <16 x i32>
  %v121 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> undef, <16 x i32> %v120, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v122 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v66, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v123 = fptosi <16 x float> %v122 to <16 x i32>
  %v124 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> %v121, <16 x i32> %v123, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v125 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v118, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v126 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v124, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v127 = sub <16 x i32> %v125, %v126
  %v128 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> undef, <16 x i32> %v127, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v129 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v118, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v130 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v124, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v131 = sub <16 x i32> %v129, %v130
  %v132 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> %v128, <16 x i32> %v131, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v133 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v132, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v134 = trunc <16 x i32> %v133 to <16 x i16>
  %v135 = call <32 x i16> @llvm.genx.wrregioni.v32i16.v16i16.i16.i1(<32 x i16> undef, <16 x i16> %v134, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v136 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v132, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v137 = trunc <16 x i32> %v136 to <16 x i16>
  %v138 = call <32 x i16> @llvm.genx.wrregioni.v32i16.v16i16.i16.i1(<32 x i16> %v135, <16 x i16> %v137, i32 0, i32 16, i32 1, i16 32, i32 undef, i1 true)
  %v20 = mul <32 x i16> %v138, %v138
  %v139 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v66, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v140 = fptrunc <16 x float> %v139 to <16 x half>
  %v141 = call <32 x half> @llvm.genx.wrregionf.v32f16.v16f16.i16.i1(<32 x half> undef, <16 x half> %v140, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v142 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v66, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v143 = fptrunc <16 x float> %v142 to <16 x half>
  %v144 = call <32 x half> @llvm.genx.wrregionf.v32f16.v16f16.i16.i1(<32 x half> %v141, <16 x half> %v143, i32 0, i32 16, i32 1, i16 32, i32 undef, i1 true)
  %v22 = fmul <32 x half> %v144, %v144
  %v145 = call <16 x half> @llvm.genx.rdregionf.v16f16.v32f16.i16(<32 x half> %v22, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v146 = fpext <16 x half> %v145 to <16 x float>
  %v147 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> undef, <16 x float> %v146, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v148 = call <16 x half> @llvm.genx.rdregionf.v16f16.v32f16.i16(<32 x half> %v22, i32 0, i32 16, i32 1, i16 32, i32 undef)
  %v149 = fpext <16 x half> %v148 to <16 x float>
  %v150 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> %v147, <16 x float> %v149, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v32f32(i32 %arg1, i32 0, <32 x float> %v150)
  call void @llvm.genx.oword.st.v32i32(i32 %arg1, i32 8, <32 x i32> %v132)
  call void @llvm.genx.oword.st.v32i16(i32 %arg1, i32 16, <32 x i16> %v20)
  ret void
}

declare <16 x float> @llvm.fmuladd.v16f32(<16 x float>, <16 x float>, <16 x float>)
declare <16 x float> @llvm.genx.fmax.v16f32.v16f32.v16f32(<16 x float>, <16 x float>)
declare <32 x float> @llvm.genx.oword.ld.v32f32(i32, i32, i32)
declare <32 x i32> @llvm.genx.oword.ld.v32i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v32f32(i32, i32, <32 x float>)
declare void @llvm.genx.oword.st.v32i16(i32, i32, <32 x i16>)
declare void @llvm.genx.oword.st.v32i32(i32, i32, <32 x i32>)
declare <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1>, i32)
declare <16 x half> @llvm.genx.rdregionf.v16f16.v32f16.i16(<32 x half>, i32, i32, i32, i16, i32)
declare <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare <16 x float> @llvm.genx.rsqrt.v16f32.v16f32(<16 x float>)
declare <16 x i32> @llvm.genx.smin.v16i32.v16i32.v16i32(<16 x i32>, <16 x i32>)
declare <32 x i1> @llvm.genx.wrpredregion.v32i1.v32i1.v16i1(<32 x i1>, <16 x i1>, i32)
declare <32 x half> @llvm.genx.wrregionf.v32f16.v16f16.i16.i1(<32 x half>, <16 x half>, i32, i32, i32, i16, i32, i1)
declare <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float>, <16 x float>, i32, i32, i32, i16, i32, i1)
declare <32 x i16> @llvm.genx.wrregioni.v32i16.v16i16.i16.i1(<32 x i16>, <16 x i16>, i32, i32, i32, i16, i32, i1)
declare <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32>, <16 x i32>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, i32)* @simd32_alu, !"simd32_alu", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2}
!2 = !{i32 64, i32 68}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t", !"buffer_t"}
