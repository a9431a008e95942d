define dllexport void @simd32_alu(i32 %arg0, i32 %arg1) {
bb0:
  %v0 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg0, i32 0)
  %v1 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg0, i32 8)
  %v2 = call <32 x i32> @llvm.genx.oword.ld.v32i32(i32 0, i32 %arg0, i32 16)
  %v3 = call <32 x i32> @llvm.genx.oword.ld.v32i32(i32 0, i32 %arg0, i32 24)
  %v27 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v0, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v28 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v1, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v29 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v27, <16 x float> %v28, <16 x float> %v27)
  %v31 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v0, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v32 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v1, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v33 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v31, <16 x float> %v32, <16 x float> %v31)
  %v36 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v1, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v37 = call <16 x float> @llvm.genx.fmax.v16f32.v16f32.v16f32(<16 x float> %v29, <16 x float> %v36)
  %v40 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v1, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v41 = call <16 x float> @llvm.genx.fmax.v16f32.v16f32.v16f32(<16 x float> %v33, <16 x float> %v40)
  %v44 = call <16 x float> @llvm.genx.rsqrt.v16f32.v16f32(<16 x float> %v37)
  %v47 = call <16 x float> @llvm.genx.rsqrt.v16f32.v16f32(<16 x float> %v41)
  %v50 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v0, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v51 = fcmp olt <16 x float> %v44, %v50
  %v52 = call <32 x i1> @llvm.genx.wrpredregion.v32i1.v32i1.v16i1(<32 x i1> undef, <16 x i1> %v51, i32 0)
  %v54 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v0, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v55 = fcmp olt <16 x float> %v47, %v54
  %v56 = call <32 x i1> @llvm.genx.wrpredregion.v32i1.v32i1.v16i1(<32 x i1> %v52, <16 x i1> %v55, i32 16)
  %v57 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v56, i32 0)
  %v59 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v0, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v60 = select <16 x i1> %v57, <16 x float> %v44, <16 x float> %v59
  %v62 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v56, i32 16)
  %v64 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v0, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v65 = select <16 x i1> %v62, <16 x float> %v47, <16 x float> %v64
  %v67 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v2, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v68 = shl <16 x i32> %v67, <i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2>
  %v70 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v2, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v71 = shl <16 x i32> %v70, <i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2>
  %v74 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v3, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v75 = xor <16 x i32> %v68, %v74
  %v78 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v3, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v79 = xor <16 x i32> %v71, %v78
  %v82 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v2, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v83 = call <16 x i32> @llvm.genx.smin.v16i32.v16i32.v16i32(<16 x i32> %v75, <16 x i32> %v82)
  %v86 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v2, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v87 = call <16 x i32> @llvm.genx.smin.v16i32.v16i32.v16i32(<16 x i32> %v79, <16 x i32> %v86)
  %v89 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v3, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v90 = or <16 x i32> %v89, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %v92 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v3, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v93 = or <16 x i32> %v92, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %v97 = udiv <16 x i32> %v83, %v90
  %v101 = udiv <16 x i32> %v87, %v93
  %v103 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v2, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v105 = srem <16 x i32> %v103, %v90
  %v107 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v2, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v109 = srem <16 x i32> %v107, %v93
  %v113 = add <16 x i32> %v97, %v105
  %v117 = add <16 x i32> %v101, %v109
  %v120 = fptosi <16 x float> %v60 to <16 x i32>
  %v123 = fptosi <16 x float> %v65 to <16 x i32>
  %v127 = sub <16 x i32> %v113, %v120
  %v128 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> undef, <16 x i32> %v127, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v131 = sub <16 x i32> %v117, %v123
  %v132 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> %v128, <16 x i32> %v131, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v133 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v132, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v134 = trunc <16 x i32> %v133 to <16 x i16>
  %v135 = call <32 x i16> @llvm.genx.wrregioni.v32i16.v16i16.i16.i1(<32 x i16> undef, <16 x i16> %v134, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v136 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v132, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v137 = trunc <16 x i32> %v136 to <16 x i16>
  %v138 = call <32 x i16> @llvm.genx.wrregioni.v32i16.v16i16.i16.i1(<32 x i16> %v135, <16 x i16> %v137, i32 0, i32 16, i32 1, i16 32, i32 undef, i1 true)
  %v20 = mul <32 x i16> %v138, %v138
  %v140 = fptrunc <16 x float> %v60 to <16 x half>
  %v141 = call <32 x half> @llvm.genx.wrregionf.v32f16.v16f16.i16.i1(<32 x half> undef, <16 x half> %v140, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v143 = fptrunc <16 x float> %v65 to <16 x half>
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
