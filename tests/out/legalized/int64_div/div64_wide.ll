define dllexport void @div64_wide(i32 %arg0) {
bb0:
  %v0 = call <16 x i64> @llvm.genx.oword.ld.v16i64(i32 0, i32 %arg0, i32 0)
  %v1 = call <16 x i64> @llvm.genx.oword.ld.v16i64(i32 0, i32 %arg0, i32 8)
  %v55 = bitcast <16 x i64> %v0 to <32 x i32>
  %v56 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v55, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v9 = bitcast <16 x i32> %v56 to <8 x i64>
  %v57 = bitcast <16 x i64> %v1 to <32 x i32>
  %v58 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v57, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v10 = bitcast <16 x i32> %v58 to <8 x i64>
  %v11 = call <16 x i64> @__genxc_udivrem_i64_x8(<8 x i64> %v9, <8 x i64> %v10)
  %v59 = bitcast <16 x i64> %v11 to <32 x i32>
  %v60 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v59, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v61 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> undef, <16 x i32> %v60, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v14 = bitcast <32 x i32> %v61 to <16 x i64>
  %v62 = bitcast <16 x i64> %v11 to <32 x i32>
  %v63 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v62, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v64 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> undef, <16 x i32> %v63, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v15 = bitcast <32 x i32> %v64 to <16 x i64>
  %v65 = bitcast <16 x i64> %v0 to <32 x i32>
  %v66 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v65, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v16 = bitcast <16 x i32> %v66 to <8 x i64>
  %v67 = bitcast <16 x i64> %v1 to <32 x i32>
  %v68 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v67, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v17 = bitcast <16 x i32> %v68 to <8 x i64>
  %v18 = call <16 x i64> @__genxc_udivrem_i64_x8(<8 x i64> %v16, <8 x i64> %v17)
  %v69 = bitcast <16 x i64> %v18 to <32 x i32>
  %v70 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v69, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v71 = bitcast <16 x i64> %v14 to <32 x i32>
  %v72 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> %v71, <16 x i32> %v70, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v21 = bitcast <32 x i32> %v72 to <16 x i64>
  %v73 = bitcast <16 x i64> %v18 to <32 x i32>
  %v74 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v73, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v75 = bitcast <16 x i64> %v15 to <32 x i32>
  %v76 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> %v75, <16 x i32> %v74, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v22 = bitcast <32 x i32> %v76 to <16 x i64>
  %v105 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v21, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v106 = ashr <8 x i64> %v105, <i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63>
  %v108 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v21, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v109 = ashr <8 x i64> %v108, <i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63>
  %v111 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v21, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v113 = xor <8 x i64> %v111, %v106
  %v115 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v21, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v117 = xor <8 x i64> %v115, %v109
  %v121 = sub <8 x i64> %v113, %v106
  %v122 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> undef, <8 x i64> %v121, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v125 = sub <8 x i64> %v117, %v109
  %v126 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> %v122, <8 x i64> %v125, i32 0, i32 8, i32 1, i16 64, i32 undef, i1 true)
  %v127 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v0, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v128 = ashr <8 x i64> %v127, <i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63>
  %v130 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v0, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v131 = ashr <8 x i64> %v130, <i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63>
  %v133 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v0, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v135 = xor <8 x i64> %v133, %v128
  %v137 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v0, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v139 = xor <8 x i64> %v137, %v131
  %v143 = sub <8 x i64> %v135, %v128
  %v144 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> undef, <8 x i64> %v143, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v147 = sub <8 x i64> %v139, %v131
  %v148 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> %v144, <8 x i64> %v147, i32 0, i32 8, i32 1, i16 64, i32 undef, i1 true)
  %v77 = bitcast <16 x i64> %v126 to <32 x i32>
  %v78 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v77, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v29 = bitcast <16 x i32> %v78 to <8 x i64>
  %v79 = bitcast <16 x i64> %v148 to <32 x i32>
  %v80 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v79, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v30 = bitcast <16 x i32> %v80 to <8 x i64>
  %v31 = call <16 x i64> @__genxc_udivrem_i64_x8(<8 x i64> %v29, <8 x i64> %v30)
  %v81 = bitcast <16 x i64> %v31 to <32 x i32>
  %v82 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v81, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v83 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> undef, <16 x i32> %v82, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v34 = bitcast <32 x i32> %v83 to <16 x i64>
  %v84 = bitcast <16 x i64> %v31 to <32 x i32>
  %v85 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v84, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v86 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> undef, <16 x i32> %v85, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v35 = bitcast <32 x i32> %v86 to <16 x i64>
  %v87 = bitcast <16 x i64> %v126 to <32 x i32>
  %v88 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v87, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v36 = bitcast <16 x i32> %v88 to <8 x i64>
  %v89 = bitcast <16 x i64> %v148 to <32 x i32>
  %v90 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v89, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v37 = bitcast <16 x i32> %v90 to <8 x i64>
  %v38 = call <16 x i64> @__genxc_udivrem_i64_x8(<8 x i64> %v36, <8 x i64> %v37)
  %v91 = bitcast <16 x i64> %v38 to <32 x i32>
  %v92 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v91, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v93 = bitcast <16 x i64> %v34 to <32 x i32>
  %v94 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> %v93, <16 x i32> %v92, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v41 = bitcast <32 x i32> %v94 to <16 x i64>
  %v95 = bitcast <16 x i64> %v38 to <32 x i32>
  %v96 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v95, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v97 = bitcast <16 x i64> %v35 to <32 x i32>
  %v98 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> %v97, <16 x i32> %v96, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v42 = bitcast <32 x i32> %v98 to <16 x i64>
  %v149 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v42, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v151 = xor <8 x i64> %v149, %v106
  %v153 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v42, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v155 = xor <8 x i64> %v153, %v109
  %v159 = sub <8 x i64> %v151, %v106
  %v160 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> undef, <8 x i64> %v159, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v163 = sub <8 x i64> %v155, %v109
  %v164 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> %v160, <8 x i64> %v163, i32 0, i32 8, i32 1, i16 64, i32 undef, i1 true)
  %v99 = bitcast <16 x i64> %v0 to <32 x i32>
  %v165 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %v99, i32 4, i32 2, i32 1, i16 8, i32 undef)
  %v166 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> undef, <8 x i32> %v165, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v167 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %v99, i32 4, i32 2, i32 1, i16 72, i32 undef)
  %v168 = call <16 x i32> @llvm.genx.wrregioni.v16i32.v8i32.i16.i1(<16 x i32> %v166, <8 x i32> %v167, i32 0, i32 8, i32 1, i16 32, i32 undef, i1 true)
  %v4 = bitcast <16 x i32> %v168 to <8 x i64>
  %v101 = bitcast <16 x i64> %v1 to <32 x i32>
  %v102 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v101, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v5 = bitcast <16 x i32> %v102 to <8 x i64>
  %v44 = ashr <8 x i64> %v4, <i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63>
  %v45 = xor <8 x i64> %v4, %v44
  %v46 = sub <8 x i64> %v45, %v44
  %v47 = ashr <8 x i64> %v5, <i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63>
  %v48 = xor <8 x i64> %v5, %v47
  %v49 = sub <8 x i64> %v48, %v47
  %v50 = call <16 x i64> @__genxc_udivrem_i64_x8(<8 x i64> %v46, <8 x i64> %v49)
  %v51 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v50, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v103 = bitcast <16 x i64> %v50 to <32 x i32>
  %v104 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v103, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v52 = bitcast <16 x i32> %v104 to <8 x i64>
  %v53 = xor <8 x i64> %v44, %v47
  %v54 = xor <8 x i64> %v51, %v53
  %v6 = sub <8 x i64> %v54, %v53
  call void @llvm.genx.oword.st.v16i64(i32 %arg0, i32 16, <16 x i64> %v164)
  call void @llvm.genx.oword.st.v8i64(i32 %arg0, i32 24, <8 x i64> %v6)
  ret void
}

define internal <16 x i64> @__genxc_udivrem_i64_x8(<8 x i64> %arg0, <8 x i64> %arg1) {
bb0:
  br label %bb1
bb1:
  %v0 = phi <8 x i64> [ %arg0, %bb0 ], [ %v11, %bb1 ]
  %v1 = phi <8 x i64> [ <i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0>, %bb0 ], [ %v9, %bb1 ]
  %v2 = phi i32 [ 64, %bb0 ], [ %v12, %bb1 ]
  %v3 = lshr <8 x i64> %v0, <i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63>
  %v4 = shl <8 x i64> %v1, <i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1>
  %v5 = or <8 x i64> %v4, %v3
  %v6 = shl <8 x i64> %v0, <i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1>
  %v7 = icmp uge <8 x i64> %v5, %arg1
  %v8 = sub <8 x i64> %v5, %arg1
  %v9 = select <8 x i1> %v7, <8 x i64> %v8, <8 x i64> %v5
  %v10 = or <8 x i64> %v6, <i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1>
  %v11 = select <8 x i1> %v7, <8 x i64> %v10, <8 x i64> %v6
  %v12 = sub i32 %v2, 1
  %v13 = icmp ne i32 %v12, 0
  br i1 %v13, label %bb1, label %bb2
bb2:
  %v16 = bitcast <8 x i64> %v11 to <16 x i32>
  %v17 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> undef, <16 x i32> %v16, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v14 = bitcast <32 x i32> %v17 to <16 x i64>
  %v18 = bitcast <8 x i64> %v9 to <16 x i32>
  %v19 = bitcast <16 x i64> %v14 to <32 x i32>
  %v20 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> %v19, <16 x i32> %v18, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v15 = bitcast <32 x i32> %v20 to <16 x i64>
  ret <16 x i64> %v15
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
