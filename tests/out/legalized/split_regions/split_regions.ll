define dllexport void @split_regions(i32 %arg0, i32 %arg1, i32 %arg2, i32 %arg3) {
bb0:
  %v0 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg0, i32 0)
  %v32 = call <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float> %v0, i32 8, i32 4, i32 1, i16 4, i32 undef)
  %v33 = call <16 x float> @llvm.genx.wrregionf.v16f32.v8f32.i16.i1(<16 x float> undef, <8 x float> %v32, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v34 = call <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float> %v0, i32 8, i32 4, i32 1, i16 68, i32 undef)
  %v35 = call <16 x float> @llvm.genx.wrregionf.v16f32.v8f32.i16.i1(<16 x float> %v33, <8 x float> %v34, i32 0, i32 8, i32 1, i16 32, i32 undef, i1 true)
  %v36 = call <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float> %v35, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v37 = fmul <8 x float> %v36, %v36
  %v38 = call <32 x float> @llvm.genx.wrregionf.v32f32.v8f32.i16.i1(<32 x float> %v0, <8 x float> %v37, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v39 = call <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float> %v35, i32 0, i32 8, i32 1, i16 32, i32 undef)
  %v40 = fmul <8 x float> %v39, %v39
  %v41 = call <32 x float> @llvm.genx.wrregionf.v32f32.v8f32.i16.i1(<32 x float> %v38, <8 x float> %v40, i32 0, i32 8, i32 1, i16 64, i32 undef, i1 true)
  %v42 = call <4 x float> @llvm.genx.rdregionf.v4f32.v32f32.i16(<32 x float> %v0, i32 0, i32 4, i32 1, i16 36, i32 undef)
  %v43 = fmul <4 x float> %v42, <float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000>
  %v44 = call <32 x float> @llvm.genx.wrregionf.v32f32.v4f32.i16.i1(<32 x float> %v41, <4 x float> %v43, i32 0, i32 4, i32 1, i16 12, i32 undef, i1 true)
  %v45 = call <2 x float> @llvm.genx.rdregionf.v2f32.v32f32.i16(<32 x float> %v0, i32 0, i32 2, i32 1, i16 52, i32 undef)
  %v46 = fmul <2 x float> %v45, <float 0x3FE0000000000000, float 0x3FE0000000000000>
  %v47 = call <32 x float> @llvm.genx.wrregionf.v32f32.v2f32.i16.i1(<32 x float> %v44, <2 x float> %v46, i32 0, i32 2, i32 1, i16 28, i32 undef, i1 true)
  %v48 = call <1 x float> @llvm.genx.rdregionf.v1f32.v32f32.i16(<32 x float> %v0, i32 0, i32 1, i32 1, i16 60, i32 undef)
  %v49 = fmul <1 x float> %v48, <float 0x3FE0000000000000>
  %v50 = call <32 x float> @llvm.genx.wrregionf.v32f32.v1f32.i16.i1(<32 x float> %v47, <1 x float> %v49, i32 0, i32 1, i32 1, i16 36, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v32f32(i32 %arg3, i32 0, <32 x float> %v50)
  %v8 = call <32 x i32> @llvm.genx.oword.ld.v32i32(i32 0, i32 %arg1, i32 0)
  %v9 = call <32 x i32> @llvm.genx.oword.ld.v32i32(i32 0, i32 %arg1, i32 8)
  %v10 = call <32 x i32> @llvm.genx.oword.ld.v32i32(i32 0, i32 %arg1, i32 16)
  %v11 = call <32 x i32> @llvm.genx.oword.ld.v32i32(i32 0, i32 %arg1, i32 24)
  %v51 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v8, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v52 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v16i32.i16.i1(<64 x i32> undef, <16 x i32> %v51, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v53 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v8, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v54 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v16i32.i16.i1(<64 x i32> %v52, <16 x i32> %v53, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v55 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v9, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v56 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v16i32.i16.i1(<64 x i32> %v54, <16 x i32> %v55, i32 0, i32 16, i32 1, i16 128, i32 undef, i1 true)
  %v57 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v9, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v58 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v16i32.i16.i1(<64 x i32> %v56, <16 x i32> %v57, i32 0, i32 16, i32 1, i16 192, i32 undef, i1 true)
  %v59 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v10, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v60 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v16i32.i16.i1(<64 x i32> undef, <16 x i32> %v59, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v61 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v10, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v62 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v16i32.i16.i1(<64 x i32> %v60, <16 x i32> %v61, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v63 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v11, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v64 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v16i32.i16.i1(<64 x i32> %v62, <16 x i32> %v63, i32 0, i32 16, i32 1, i16 128, i32 undef, i1 true)
  %v65 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v11, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v66 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v16i32.i16.i1(<64 x i32> %v64, <16 x i32> %v65, i32 0, i32 16, i32 1, i16 192, i32 undef, i1 true)
  %v67 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32> %v58, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v68 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32> %v66, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v69 = add <16 x i32> %v67, %v68
  %v70 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v16i32.i16.i1(<64 x i32> undef, <16 x i32> %v69, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v71 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32> %v58, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v72 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32> %v66, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v73 = add <16 x i32> %v71, %v72
  %v74 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v16i32.i16.i1(<64 x i32> %v70, <16 x i32> %v73, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v75 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32> %v58, i32 0, i32 16, i32 1, i16 128, i32 undef)
  %v76 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32> %v66, i32 0, i32 16, i32 1, i16 128, i32 undef)
  %v77 = add <16 x i32> %v75, %v76
  %v78 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v16i32.i16.i1(<64 x i32> %v74, <16 x i32> %v77, i32 0, i32 16, i32 1, i16 128, i32 undef, i1 true)
  %v79 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32> %v58, i32 0, i32 16, i32 1, i16 192, i32 undef)
  %v80 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32> %v66, i32 0, i32 16, i32 1, i16 192, i32 undef)
  %v81 = add <16 x i32> %v79, %v80
  %v82 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v16i32.i16.i1(<64 x i32> %v78, <16 x i32> %v81, i32 0, i32 16, i32 1, i16 192, i32 undef, i1 true)
  %v83 = call <1 x i32> @llvm.genx.rdregioni.v1i32.v64i32.i16(<64 x i32> %v58, i32 0, i32 1, i32 1, i16 8, i32 undef)
  %v84 = shl <1 x i32> %v83, <i32 1>
  %v85 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v1i32.i16.i1(<64 x i32> %v82, <1 x i32> %v84, i32 0, i32 1, i32 1, i16 4, i32 undef, i1 true)
  %v86 = call <1 x i32> @llvm.genx.rdregioni.v1i32.v64i32.i16(<64 x i32> %v58, i32 0, i32 1, i32 1, i16 20, i32 undef)
  %v87 = shl <1 x i32> %v86, <i32 1>
  %v88 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v1i32.i16.i1(<64 x i32> %v85, <1 x i32> %v87, i32 0, i32 1, i32 1, i16 12, i32 undef, i1 true)
  %v89 = call <1 x i32> @llvm.genx.rdregioni.v1i32.v64i32.i16(<64 x i32> %v58, i32 0, i32 1, i32 1, i16 32, i32 undef)
  %v90 = shl <1 x i32> %v89, <i32 1>
  %v91 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v1i32.i16.i1(<64 x i32> %v88, <1 x i32> %v90, i32 0, i32 1, i32 1, i16 20, i32 undef, i1 true)
  %v92 = call <1 x i32> @llvm.genx.rdregioni.v1i32.v64i32.i16(<64 x i32> %v58, i32 0, i32 1, i32 1, i16 44, i32 undef)
  %v93 = shl <1 x i32> %v92, <i32 1>
  %v94 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v1i32.i16.i1(<64 x i32> %v91, <1 x i32> %v93, i32 0, i32 1, i32 1, i16 28, i32 undef, i1 true)
  %v95 = call <1 x i32> @llvm.genx.rdregioni.v1i32.v64i32.i16(<64 x i32> %v58, i32 0, i32 1, i32 1, i16 56, i32 undef)
  %v96 = shl <1 x i32> %v95, <i32 1>
  %v97 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v1i32.i16.i1(<64 x i32> %v94, <1 x i32> %v96, i32 0, i32 1, i32 1, i16 36, i32 undef, i1 true)
  %v98 = call <1 x i32> @llvm.genx.rdregioni.v1i32.v64i32.i16(<64 x i32> %v58, i32 0, i32 1, i32 1, i16 68, i32 undef)
  %v99 = shl <1 x i32> %v98, <i32 1>
  %v100 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v1i32.i16.i1(<64 x i32> %v97, <1 x i32> %v99, i32 0, i32 1, i32 1, i16 44, i32 undef, i1 true)
  %v101 = call <1 x i32> @llvm.genx.rdregioni.v1i32.v64i32.i16(<64 x i32> %v58, i32 0, i32 1, i32 1, i16 80, i32 undef)
  %v102 = shl <1 x i32> %v101, <i32 1>
  %v103 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v1i32.i16.i1(<64 x i32> %v100, <1 x i32> %v102, i32 0, i32 1, i32 1, i16 52, i32 undef, i1 true)
  %v104 = call <1 x i32> @llvm.genx.rdregioni.v1i32.v64i32.i16(<64 x i32> %v58, i32 0, i32 1, i32 1, i16 92, i32 undef)
  %v105 = shl <1 x i32> %v104, <i32 1>
  %v106 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v1i32.i16.i1(<64 x i32> %v103, <1 x i32> %v105, i32 0, i32 1, i32 1, i16 60, i32 undef, i1 true)
  %v107 = call <1 x i32> @llvm.genx.rdregioni.v1i32.v64i32.i16(<64 x i32> %v58, i32 0, i32 1, i32 1, i16 104, i32 undef)
  %v108 = shl <1 x i32> %v107, <i32 1>
  %v109 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v1i32.i16.i1(<64 x i32> %v106, <1 x i32> %v108, i32 0, i32 1, i32 1, i16 68, i32 undef, i1 true)
  %v110 = call <1 x i32> @llvm.genx.rdregioni.v1i32.v64i32.i16(<64 x i32> %v58, i32 0, i32 1, i32 1, i16 116, i32 undef)
  %v111 = shl <1 x i32> %v110, <i32 1>
  %v112 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v1i32.i16.i1(<64 x i32> %v109, <1 x i32> %v111, i32 0, i32 1, i32 1, i16 76, i32 undef, i1 true)
  %v113 = call <1 x i32> @llvm.genx.rdregioni.v1i32.v64i32.i16(<64 x i32> %v58, i32 0, i32 1, i32 1, i16 128, i32 undef)
  %v114 = shl <1 x i32> %v113, <i32 1>
  %v115 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v1i32.i16.i1(<64 x i32> %v112, <1 x i32> %v114, i32 0, i32 1, i32 1, i16 84, i32 undef, i1 true)
  %v116 = call <1 x i32> @llvm.genx.rdregioni.v1i32.v64i32.i16(<64 x i32> %v58, i32 0, i32 1, i32 1, i16 140, i32 undef)
  %v117 = shl <1 x i32> %v116, <i32 1>
  %v118 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v1i32.i16.i1(<64 x i32> %v115, <1 x i32> %v117, i32 0, i32 1, i32 1, i16 92, i32 undef, i1 true)
  %v119 = call <1 x i32> @llvm.genx.rdregioni.v1i32.v64i32.i16(<64 x i32> %v58, i32 0, i32 1, i32 1, i16 152, i32 undef)
  %v120 = shl <1 x i32> %v119, <i32 1>
  %v121 = call <64 x i32> @llvm.genx.wrregioni.v64i32.v1i32.i16.i1(<64 x i32> %v118, <1 x i32> %v120, i32 0, i32 1, i32 1, i16 100, i32 undef, i1 true)
  %v122 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32> %v121, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v123 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> undef, <16 x i32> %v122, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v124 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32> %v121, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v125 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> %v123, <16 x i32> %v124, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v126 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32> %v121, i32 0, i32 16, i32 1, i16 128, i32 undef)
  %v127 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> undef, <16 x i32> %v126, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v128 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32> %v121, i32 0, i32 16, i32 1, i16 192, i32 undef)
  %v129 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> %v127, <16 x i32> %v128, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v32i32(i32 %arg3, i32 8, <32 x i32> %v125)
  call void @llvm.genx.oword.st.v32i32(i32 %arg3, i32 16, <32 x i32> %v129)
  %v22 = call <64 x i16> @llvm.genx.oword.ld.v64i16(i32 0, i32 %arg2, i32 0)
  %v130 = call <16 x i16> @llvm.genx.rdregioni.v16i16.v64i16.i16(<64 x i16> %v22, i32 16, i32 8, i32 1, i16 2, i32 undef)
  %v131 = xor <16 x i16> %v130, <i16 255, i16 255, i16 255, i16 255, i16 255, i16 255, i16 255, i16 255, i16 255, i16 255, i16 255, i16 255, i16 255, i16 255, i16 255, i16 255>
  %v132 = call <32 x i16> @llvm.genx.wrregioni.v32i16.v16i16.i16.i1(<32 x i16> undef, <16 x i16> %v131, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v133 = call <16 x i16> @llvm.genx.rdregioni.v16i16.v64i16.i16(<64 x i16> %v22, i32 16, i32 8, i32 1, i16 66, i32 undef)
  %v134 = xor <16 x i16> %v133, <i16 255, i16 255, i16 255, i16 255, i16 255, i16 255, i16 255, i16 255, i16 255, i16 255, i16 255, i16 255, i16 255, i16 255, i16 255, i16 255>
  %v135 = call <32 x i16> @llvm.genx.wrregioni.v32i16.v16i16.i16.i1(<32 x i16> %v132, <16 x i16> %v134, i32 0, i32 16, i32 1, i16 32, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v32i16(i32 %arg3, i32 32, <32 x i16> %v135)
  ret void
}

declare <32 x float> @llvm.genx.oword.ld.v32f32(i32, i32, i32)
declare <32 x i32> @llvm.genx.oword.ld.v32i32(i32, i32, i32)
declare <64 x i16> @llvm.genx.oword.ld.v64i16(i32, i32, i32)
declare void @llvm.genx.oword.st.v32f32(i32, i32, <32 x float>)
declare void @llvm.genx.oword.st.v32i16(i32, i32, <32 x i16>)
declare void @llvm.genx.oword.st.v32i32(i32, i32, <32 x i32>)
declare <1 x float> @llvm.genx.rdregionf.v1f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <2 x float> @llvm.genx.rdregionf.v2f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <4 x float> @llvm.genx.rdregionf.v4f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <8 x float> @llvm.genx.rdregionf.v8f32.v16f32.i16(<16 x float>, i32, i32, i32, i16, i32)
declare <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <16 x i16> @llvm.genx.rdregioni.v16i16.v64i16.i16(<64 x i16>, i32, i32, i32, i16, i32)
declare <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare <16 x i32> @llvm.genx.rdregioni.v16i32.v64i32.i16(<64 x i32>, i32, i32, i32, i16, i32)
declare <1 x i32> @llvm.genx.rdregioni.v1i32.v64i32.i16(<64 x i32>, i32, i32, i32, i16, i32)
declare <16 x float> @llvm.genx.wrregionf.v16f32.v8f32.i16.i1(<16 x float>, <8 x float>, i32, i32, i32, i16, i32, i1)
declare <32 x float> @llvm.genx.wrregionf.v32f32.v1f32.i16.i1(<32 x float>, <1 x float>, i32, i32, i32, i16, i32, i1)
declare <32 x float> @llvm.genx.wrregionf.v32f32.v2f32.i16.i1(<32 x float>, <2 x float>, i32, i32, i32, i16, i32, i1)
declare <32 x float> @llvm.genx.wrregionf.v32f32.v4f32.i16.i1(<32 x float>, <4 x float>, i32, i32, i32, i16, i32, i1)
declare <32 x float> @llvm.genx.wrregionf.v32f32.v8f32.i16.i1(<32 x float>, <8 x float>, i32, i32, i32, i16, i32, i1)
declare <32 x i16> @llvm.genx.wrregioni.v32i16.v16i16.i16.i1(<32 x i16>, <16 x i16>, i32, i32, i32, i16, i32, i1)
declare <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32>, <16 x i32>, i32, i32, i32, i16, i32, i1)
declare <64 x i32> @llvm.genx.wrregioni.v64i32.v16i32.i16.i1(<64 x i32>, <16 x i32>, i32, i32, i32, i16, i32, i1)
declare <64 x i32> @llvm.genx.wrregioni.v64i32.v1i32.i16.i1(<64 x i32>, <1 x i32>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, i32, i32, i32)* @split_regions, !"split_regions", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2, i32 2, i32 2}
!2 = !{i32 64, i32 68, i32 72, i32 76}
!3 = !{i32 0, i32 0, i32 0, i32 0}
!4 = !{!"buffer_t read_only", !"buffer_t read_only", !"buffer_t read_only", !"buffer_t write_only"}
