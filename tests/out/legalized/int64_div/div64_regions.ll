define dllexport void @div64_regions(i32 %arg0, <4 x i32> %arg1) {
bb0:
  %v0 = icmp sgt <4 x i32> %arg1, <i32 0, i32 0, i32 0, i32 0>
  %v1 = call <16 x i64> @llvm.genx.oword.ld.v16i64(i32 0, i32 %arg0, i32 0)
  %v35 = bitcast <16 x i64> %v1 to <32 x i32>
  %v36 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %v35, i32 0, i32 8, i32 1, i16 32, i32 undef)
  %v2 = bitcast <8 x i32> %v36 to <4 x i64>
  %v37 = bitcast <16 x i64> %v1 to <32 x i32>
  %v38 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %v37, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v3 = bitcast <8 x i32> %v38 to <4 x i64>
  %v14 = ashr <4 x i64> %v2, <i64 63, i64 63, i64 63, i64 63>
  %v15 = xor <4 x i64> %v2, %v14
  %v16 = sub <4 x i64> %v15, %v14
  %v17 = ashr <4 x i64> %v3, <i64 63, i64 63, i64 63, i64 63>
  %v18 = xor <4 x i64> %v3, %v17
  %v19 = sub <4 x i64> %v18, %v17
  %v20 = call <8 x i64> @llvm.genx.wrregioni.v8i64.v4i64.i16.i1(<8 x i64> undef, <4 x i64> %v16, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
  %v21 = call <8 x i64> @llvm.genx.wrregioni.v8i64.v4i64.i16.i1(<8 x i64> undef, <4 x i64> %v19, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
  %v22 = call <8 x i64> @__genxc_udiv_i64_x8(<8 x i64> %v20, <8 x i64> %v21)
  %v23 = call <4 x i64> @llvm.genx.rdregioni.v4i64.v8i64.i16(<8 x i64> %v22, i32 0, i32 4, i32 1, i16 0, i32 undef)
  %v24 = xor <4 x i64> %v14, %v17
  %v25 = xor <4 x i64> %v23, %v24
  %v4 = sub <4 x i64> %v25, %v24
  %v5 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v4i64.i16.v4i1(<16 x i64> %v1, <4 x i64> %v4, i32 0, i32 4, i32 1, i16 8, i32 undef, <4 x i1> %v0)
  %v39 = bitcast <16 x i64> %v5 to <32 x i32>
  %v40 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v39, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v26 = bitcast <16 x i32> %v40 to <8 x i64>
  %v41 = bitcast <16 x i64> %v1 to <32 x i32>
  %v42 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v41, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v27 = bitcast <16 x i32> %v42 to <8 x i64>
  %v28 = call <8 x i64> @__genxc_udiv_i64_x8(<8 x i64> %v26, <8 x i64> %v27)
  %v43 = bitcast <8 x i64> %v28 to <16 x i32>
  %v44 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> undef, <16 x i32> %v43, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v29 = bitcast <32 x i32> %v44 to <16 x i64>
  %v45 = bitcast <16 x i64> %v5 to <32 x i32>
  %v46 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v45, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v30 = bitcast <16 x i32> %v46 to <8 x i64>
  %v47 = bitcast <16 x i64> %v1 to <32 x i32>
  %v48 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v47, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v31 = bitcast <16 x i32> %v48 to <8 x i64>
  %v32 = call <8 x i64> @__genxc_udiv_i64_x8(<8 x i64> %v30, <8 x i64> %v31)
  %v49 = bitcast <8 x i64> %v32 to <16 x i32>
  %v50 = bitcast <16 x i64> %v29 to <32 x i32>
  %v51 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> %v50, <16 x i32> %v49, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v33 = bitcast <32 x i32> %v51 to <16 x i64>
  %v52 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v33, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v53 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v1, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v54 = mul <8 x i64> %v52, %v53
  %v56 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v33, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v57 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v5, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v58 = mul <8 x i64> %v56, %v57
  %v60 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v5, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v62 = sub <8 x i64> %v60, %v54
  %v63 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> undef, <8 x i64> %v62, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v64 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v5, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v66 = sub <8 x i64> %v64, %v58
  %v67 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> %v63, <8 x i64> %v66, i32 0, i32 8, i32 1, i16 64, i32 undef, i1 true)
  %v7 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v4i64.i16.v4i1(<16 x i64> %v67, <4 x i64> %v4, i32 0, i32 4, i32 2, i16 0, i32 undef, <4 x i1> <i1 true, i1 true, i1 true, i1 true>)
  call void @llvm.genx.oword.st.v16i64(i32 %arg0, i32 8, <16 x i64> %v7)
  call void @llvm.genx.oword.st.v16i64(i32 %arg0, i32 8, <16 x i64> <i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0>)
  %v10 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg0, i32 0)
  %v68 = call <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float> %v10, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v69 = fptosi <8 x float> %v68 to <8 x i64>
  %v71 = call <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float> %v10, i32 0, i32 8, i32 1, i16 32, i32 undef)
  %v72 = fptosi <8 x float> %v71 to <8 x i64>
  %v74 = call <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float> %v10, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v75 = fptosi <8 x float> %v74 to <8 x i64>
  %v77 = call <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float> %v10, i32 0, i32 8, i32 1, i16 96, i32 undef)
  %v78 = fptosi <8 x float> %v77 to <8 x i64>
  %v81 = uitofp <8 x i64> %v69 to <8 x float>
  %v82 = call <32 x float> @llvm.genx.wrregionf.v32f32.v8f32.i16.i1(<32 x float> undef, <8 x float> %v81, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v84 = uitofp <8 x i64> %v72 to <8 x float>
  %v85 = call <32 x float> @llvm.genx.wrregionf.v32f32.v8f32.i16.i1(<32 x float> %v82, <8 x float> %v84, i32 0, i32 8, i32 1, i16 32, i32 undef, i1 true)
  %v87 = uitofp <8 x i64> %v75 to <8 x float>
  %v88 = call <32 x float> @llvm.genx.wrregionf.v32f32.v8f32.i16.i1(<32 x float> %v85, <8 x float> %v87, i32 0, i32 8, i32 1, i16 64, i32 undef, i1 true)
  %v90 = uitofp <8 x i64> %v78 to <8 x float>
  %v91 = call <32 x float> @llvm.genx.wrregionf.v32f32.v8f32.i16.i1(<32 x float> %v88, <8 x float> %v90, i32 0, i32 8, i32 1, i16 96, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v32f32(i32 %arg0, i32 8, <32 x float> %v91)
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
declare <32 x float> @llvm.genx.wrregionf.v32f32.v8f32.i16.i1(<32 x float>, <8 x float>, i32, i32, i32, i16, i32, i1)
declare <16 x i64> @llvm.genx.wrregioni.v16i64.v4i64.i16.v4i1(<16 x i64>, <4 x i64>, i32, i32, i32, i16, i32, <4 x i1>)
declare <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64>, <8 x i64>, i32, i32, i32, i16, i32, i1)
declare <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32>, <16 x i32>, i32, i32, i32, i16, i32, i1)
declare <8 x i64> @llvm.genx.wrregioni.v8i64.v4i64.i16.i1(<8 x i64>, <4 x i64>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, <4 x i32>)* @div64_regions, !"div64_regions", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 0}
!2 = !{i32 64, i32 68}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t read_write", !""}
