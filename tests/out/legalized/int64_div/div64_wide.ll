define dllexport void @div64_wide(i32 %arg0) {
bb0:
  %v0 = call <16 x i64> @llvm.genx.oword.ld.v16i64(i32 0, i32 %arg0, i32 0)
  %v1 = call <16 x i64> @llvm.genx.oword.ld.v16i64(i32 0, i32 %arg0, i32 8)
  %v43 = bitcast <16 x i64> %v0 to <32 x i32>
  %v44 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v43, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v9 = bitcast <16 x i32> %v44 to <8 x i64>
  %v45 = bitcast <16 x i64> %v1 to <32 x i32>
  %v46 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v45, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v10 = bitcast <16 x i32> %v46 to <8 x i64>
  %v11 = call <8 x i64> @__genxc_udiv_i64_x8(<8 x i64> %v9, <8 x i64> %v10)
  %v47 = bitcast <8 x i64> %v11 to <16 x i32>
  %v48 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> undef, <16 x i32> %v47, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v12 = bitcast <32 x i32> %v48 to <16 x i64>
  %v49 = bitcast <16 x i64> %v0 to <32 x i32>
  %v50 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v49, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v13 = bitcast <16 x i32> %v50 to <8 x i64>
  %v51 = bitcast <16 x i64> %v1 to <32 x i32>
  %v52 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v51, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v14 = bitcast <16 x i32> %v52 to <8 x i64>
  %v15 = call <8 x i64> @__genxc_udiv_i64_x8(<8 x i64> %v13, <8 x i64> %v14)
  %v53 = bitcast <8 x i64> %v15 to <16 x i32>
  %v54 = bitcast <16 x i64> %v12 to <32 x i32>
  %v55 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> %v54, <16 x i32> %v53, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v16 = bitcast <32 x i32> %v55 to <16 x i64>
  %v73 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v16, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v74 = ashr <8 x i64> %v73, <i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63>
  %v76 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v16, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v77 = ashr <8 x i64> %v76, <i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63>
  %v79 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v16, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v81 = xor <8 x i64> %v79, %v74
  %v83 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v16, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v85 = xor <8 x i64> %v83, %v77
  %v89 = sub <8 x i64> %v81, %v74
  %v90 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> undef, <8 x i64> %v89, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v93 = sub <8 x i64> %v85, %v77
  %v94 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> %v90, <8 x i64> %v93, i32 0, i32 8, i32 1, i16 64, i32 undef, i1 true)
  %v95 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v0, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v96 = ashr <8 x i64> %v95, <i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63>
  %v98 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v0, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v99 = ashr <8 x i64> %v98, <i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63>
  %v101 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v0, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v103 = xor <8 x i64> %v101, %v96
  %v105 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v0, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v107 = xor <8 x i64> %v105, %v99
  %v111 = sub <8 x i64> %v103, %v96
  %v112 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> undef, <8 x i64> %v111, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v115 = sub <8 x i64> %v107, %v99
  %v116 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> %v112, <8 x i64> %v115, i32 0, i32 8, i32 1, i16 64, i32 undef, i1 true)
  %v56 = bitcast <16 x i64> %v94 to <32 x i32>
  %v57 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v56, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v23 = bitcast <16 x i32> %v57 to <8 x i64>
  %v58 = bitcast <16 x i64> %v116 to <32 x i32>
  %v59 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v58, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v24 = bitcast <16 x i32> %v59 to <8 x i64>
  %v25 = call <8 x i64> @__genxc_udiv_i64_x8(<8 x i64> %v23, <8 x i64> %v24)
  %v60 = bitcast <8 x i64> %v25 to <16 x i32>
  %v61 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> undef, <16 x i32> %v60, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v26 = bitcast <32 x i32> %v61 to <16 x i64>
  %v62 = bitcast <16 x i64> %v94 to <32 x i32>
  %v63 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v62, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v27 = bitcast <16 x i32> %v63 to <8 x i64>
  %v64 = bitcast <16 x i64> %v116 to <32 x i32>
  %v65 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v64, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v28 = bitcast <16 x i32> %v65 to <8 x i64>
  %v29 = call <8 x i64> @__genxc_udiv_i64_x8(<8 x i64> %v27, <8 x i64> %v28)
  %v66 = bitcast <8 x i64> %v29 to <16 x i32>
  %v67 = bitcast <16 x i64> %v26 to <32 x i32>
  %v68 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> %v67, <16 x i32> %v66, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v30 = bitcast <32 x i32> %v68 to <16 x i64>
  %v117 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v30, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v118 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v116, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v119 = mul <8 x i64> %v117, %v118
  %v121 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v30, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v122 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v116, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v123 = mul <8 x i64> %v121, %v122
  %v125 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v94, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v127 = sub <8 x i64> %v125, %v119
  %v129 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v94, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v131 = sub <8 x i64> %v129, %v123
  %v135 = xor <8 x i64> %v127, %v74
  %v139 = xor <8 x i64> %v131, %v77
  %v143 = sub <8 x i64> %v135, %v74
  %v144 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> undef, <8 x i64> %v143, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v147 = sub <8 x i64> %v139, %v77
  %v148 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> %v144, <8 x i64> %v147, i32 0, i32 8, i32 1, i16 64, i32 undef, i1 true)
  %v69 = bitcast <16 x i64> %v0 to <32 x i32>
  %v149 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %v69, i32 4, i32 2, i32 1, i16 8, i32 undef)
  %v150 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> undef, <8 x i32> %v149, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v151 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %v69, i32 4, i32 2, i32 1, i16 72, i32 undef)
  %v152 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %v150, <8 x i32> %v151, i32 0, i32 8, i32 1, i16 32, i32 undef, i1 true)
  %v4 = bitcast <16 x i32> %v152 to <8 x i64>
  %v71 = bitcast <16 x i64> %v1 to <32 x i32>
  %v72 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v71, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v5 = bitcast <16 x i32> %v72 to <8 x i64>
  %v34 = ashr <8 x i64> %v4, <i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63>
  %v35 = xor <8 x i64> %v4, %v34
  %v36 = sub <8 x i64> %v35, %v34
  %v37 = ashr <8 x i64> %v5, <i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63>
  %v38 = xor <8 x i64> %v5, %v37
  %v39 = sub <8 x i64> %v38, %v37
  %v40 = call <8 x i64> @__genxc_udiv_i64_x8(<8 x i64> %v36, <8 x i64> %v39)
  %v41 = xor <8 x i64> %v34, %v37
  %v42 = xor <8 x i64> %v40, %v41
  %v6 = sub <8 x i64> %v42, %v41
  call void @llvm.genx.oword.st.v16i64(i32 %arg0, i32 16, <16 x i64> %v148)
  call void @llvm.genx.oword.st.v8i64(i32 %arg0, i32 24, <8 x i64> %v6)
  ret void
}

define internal <8 x i64> @__genxc_udiv_i64_x8(<8 x i64> %arg0, <8 x i64> %arg1) {
bb0:
  %v0 = udiv <8 x i64> %arg0, %arg1
  ret <8 x i64> %v0
}

declare <16 x i64> @llvm.genx.oword.ld.v16i64(i32, i32, i32)
declare void @llvm.genx.oword.st.v16i64(i32, i32, <16 x i64>)
declare void @llvm.genx.oword.st.v8i64(i32, i32, <8 x i64>)
declare <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64>, i32, i32, i32, i16, i32)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32>, <8 x i32>, i32, i32, i32, i16, i32, i1)
declare <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64>, <8 x i64>, i32, i32, i32, i16, i32, i1)
declare <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32>, <16 x i32>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32)* @div64_wide, !"div64_wide", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 64}
!3 = !{i32 0}
!4 = !{!"buffer_t read_write"}
