define dllexport void @div64_regions(i32 %arg0, <4 x i32> %arg1) {
bb0:
  %v0 = icmp sgt <4 x i32> %arg1, <i32 0, i32 0, i32 0, i32 0>
  %v1 = call <16 x i64> @llvm.genx.oword.ld.v16i64(i32 0, i32 %arg0, i32 0)
  %v41 = bitcast <16 x i64> %v1 to <32 x i32>
  %v42 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %v41, i32 0, i32 8, i32 1, i16 32, i32 undef)
  %v2 = bitcast <8 x i32> %v42 to <4 x i64>
  %v43 = bitcast <16 x i64> %v1 to <32 x i32>
  %v44 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %v43, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v3 = bitcast <8 x i32> %v44 to <4 x i64>
  %v14 = ashr <4 x i64> %v2, <i64 63, i64 63, i64 63, i64 63>
  %v15 = xor <4 x i64> %v2, %v14
  %v16 = sub <4 x i64> %v15, %v14
  %v17 = ashr <4 x i64> %v3, <i64 63, i64 63, i64 63, i64 63>
  %v18 = xor <4 x i64> %v3, %v17
  %v19 = sub <4 x i64> %v18, %v17
  %v20 = call <8 x i64> @llvm.genx.wrregioni.v8i64.v4i64.i16.i1(<8 x i64> undef, <4 x i64> %v16, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
  %v21 = call <8 x i64> @llvm.genx.wrregioni.v8i64.v4i64.i16.i1(<8 x i64> undef, <4 x i64> %v19, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
  %v22 = call <16 x i64> @__genxc_udivrem_i64_x8(<8 x i64> %v20, <8 x i64> %v21)
  %v23 = call <4 x i64> @llvm.genx.rdregioni.v4i64.v16i64.i16(<16 x i64> %v22, i32 0, i32 4, i32 1, i16 0, i32 undef)
  %v45 = bitcast <16 x i64> %v22 to <32 x i32>
  %v46 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %v45, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v24 = bitcast <8 x i32> %v46 to <4 x i64>
  %v25 = xor <4 x i64> %v14, %v17
  %v26 = xor <4 x i64> %v23, %v25
  %v4 = sub <4 x i64> %v26, %v25
  %v5 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v4i64.i16.v4i1(<16 x i64> %v1, <4 x i64> %v4, i32 0, i32 4, i32 1, i16 8, i32 undef, <4 x i1> %v0)
  %v47 = bitcast <16 x i64> %v5 to <32 x i32>
  %v48 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v47, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v27 = bitcast <16 x i32> %v48 to <8 x i64>
  %v49 = bitcast <16 x i64> %v1 to <32 x i32>
  %v50 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v49, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v28 = bitcast <16 x i32> %v50 to <8 x i64>
  %v29 = call <16 x i64> @__genxc_udivrem_i64_x8(<8 x i64> %v27, <8 x i64> %v28)
  %v51 = bitcast <16 x i64> %v29 to <32 x i32>
  %v52 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v51, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v53 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> undef, <16 x i32> %v52, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v32 = bitcast <32 x i32> %v53 to <16 x i64>
  %v54 = bitcast <16 x i64> %v29 to <32 x i32>
  %v55 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v54, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v56 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> undef, <16 x i32> %v55, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v33 = bitcast <32 x i32> %v56 to <16 x i64>
  %v57 = bitcast <16 x i64> %v5 to <32 x i32>
  %v58 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v57, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v34 = bitcast <16 x i32> %v58 to <8 x i64>
  %v59 = bitcast <16 x i64> %v1 to <32 x i32>
  %v60 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v59, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v35 = bitcast <16 x i32> %v60 to <8 x i64>
  %v36 = call <16 x i64> @__genxc_udivrem_i64_x8(<8 x i64> %v34, <8 x i64> %v35)
  %v61 = bitcast <16 x i64> %v36 to <32 x i32>
  %v62 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v61, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v63 = bitcast <16 x i64> %v32 to <32 x i32>
  %v64 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> %v63, <16 x i32> %v62, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v39 = bitcast <32 x i32> %v64 to <16 x i64>
  %v65 = bitcast <16 x i64> %v36 to <32 x i32>
  %v66 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v65, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v67 = bitcast <16 x i64> %v33 to <32 x i32>
  %v68 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> %v67, <16 x i32> %v66, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v40 = bitcast <32 x i32> %v68 to <16 x i64>
  %v7 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v4i64.i16.v4i1(<16 x i64> %v40, <4 x i64> %v4, i32 0, i32 4, i32 2, i16 0, i32 undef, <4 x i1> <i1 true, i1 true, i1 true, i1 true>)
  call void @llvm.genx.oword.st.v16i64(i32 %arg0, i32 8, <16 x i64> %v7)
  call void @llvm.genx.oword.st.v16i64(i32 %arg0, i32 8, <16 x i64> <i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0>)
  %v10 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg0, i32 0)
  %v69 = call <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float> %v10, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v70 = fptosi <8 x float> %v69 to <8 x i64>
  %v72 = call <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float> %v10, i32 0, i32 8, i32 1, i16 32, i32 undef)
  %v73 = fptosi <8 x float> %v72 to <8 x i64>
  %v75 = call <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float> %v10, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v76 = fptosi <8 x float> %v75 to <8 x i64>
  %v78 = call <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float> %v10, i32 0, i32 8, i32 1, i16 96, i32 undef)
  %v79 = fptosi <8 x float> %v78 to <8 x i64>
  %v82 = uitofp <8 x i64> %v70 to <8 x float>
  %v83 = call <32 x float> @llvm.genx.wrregionf.v32f32.v8f32.i16.i1(<32 x float> undef, <8 x float> %v82, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v85 = uitofp <8 x i64> %v73 to <8 x float>
  %v86 = call <32 x float> @llvm.genx.wrregionf.v32f32.v8f32.i16.i1(<32 x float> %v83, <8 x float> %v85, i32 0, i32 8, i32 1, i16 32, i32 undef, i1 true)
  %v88 = uitofp <8 x i64> %v76 to <8 x float>
  %v89 = call <32 x float> @llvm.genx.wrregionf.v32f32.v8f32.i16.i1(<32 x float> %v86, <8 x float> %v88, i32 0, i32 8, i32 1, i16 64, i32 undef, i1 true)
  %v91 = uitofp <8 x i64> %v79 to <8 x float>
  %v92 = call <32 x float> @llvm.genx.wrregionf.v32f32.v8f32.i16.i1(<32 x float> %v89, <8 x float> %v91, i32 0, i32 8, i32 1, i16 96, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v32f32(i32 %arg0, i32 8, <32 x float> %v92)
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
declare <32 x float> @llvm.genx.oword.ld.v32f32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16i64(i32, i32, <16 x i64>)
declare void @llvm.genx.oword.st.v32f32(i32, i32, <32 x float>)
declare <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare <4 x i64> @llvm.genx.rdregioni.v4i64.v16i64.i16(<16 x i64>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare <32 x float> @llvm.genx.wrregionf.v32f32.v8f32.i16.i1(<32 x float>, <8 x float>, i32, i32, i32, i16, i32, i1)
declare <16 x i64> @llvm.genx.wrregioni.v16i64.v4i64.i16.v4i1(<16 x i64>, <4 x i64>, i32, i32, i32, i16, i32, <4 x i1>)
declare <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32>, <16 x i32>, i32, i32, i32, i16, i32, i1)
declare <8 x i64> @llvm.genx.wrregioni.v8i64.v4i64.i16.i1(<8 x i64>, <4 x i64>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, <4 x i32>)* @div64_regions, !"div64_regions", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 0}
!2 = !{i32 64, i32 68}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t read_write", !""}
