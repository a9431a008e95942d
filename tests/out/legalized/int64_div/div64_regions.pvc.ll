define dllexport void @div64_regions(i32 %arg0, <4 x i32> %arg1) {
bb0:
  %v0 = icmp sgt <4 x i32> %arg1, <i32 0, i32 0, i32 0, i32 0>
  %v1 = call <16 x i64> @llvm.genx.oword.ld.v16i64(i32 0, i32 %arg0, i32 0)
  %v2 = call <4 x i64> @llvm.genx.rdregioni.v4i64.v16i64.i16(<16 x i64> %v1, i32 0, i32 4, i32 1, i16 32, i32 undef)
  %v3 = call <4 x i64> @llvm.genx.rdregioni.v4i64.v16i64.i16(<16 x i64> %v1, i32 0, i32 4, i32 1, i16 64, i32 undef)
  %v19 = ashr <4 x i64> %v2, <i64 63, i64 63, i64 63, i64 63>
  %v20 = xor <4 x i64> %v2, %v19
  %v21 = sub <4 x i64> %v20, %v19
  %v22 = ashr <4 x i64> %v3, <i64 63, i64 63, i64 63, i64 63>
  %v23 = xor <4 x i64> %v3, %v22
  %v24 = sub <4 x i64> %v23, %v22
  %v25 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v4i64.i16.i1(<16 x i64> undef, <4 x i64> %v21, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
  %v26 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v4i64.i16.i1(<16 x i64> undef, <4 x i64> %v24, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
  %v27 = call <16 x i64> @__genxc_udiv_i64_x16(<16 x i64> %v25, <16 x i64> %v26)
  %v28 = call <4 x i64> @llvm.genx.rdregioni.v4i64.v16i64.i16(<16 x i64> %v27, i32 0, i32 4, i32 1, i16 0, i32 undef)
  %v29 = xor <4 x i64> %v19, %v22
  %v30 = xor <4 x i64> %v28, %v29
  %v4 = sub <4 x i64> %v30, %v29
  %v5 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v4i64.i16.v4i1(<16 x i64> %v1, <4 x i64> %v4, i32 0, i32 4, i32 1, i16 8, i32 undef, <4 x i1> %v0)
  %v31 = call <16 x i64> @__genxc_udiv_i64_x16(<16 x i64> %v5, <16 x i64> %v1)
  %v32 = mul <16 x i64> %v31, %v1
  %v6 = sub <16 x i64> %v5, %v32
  %v7 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v4i64.i16.v4i1(<16 x i64> %v6, <4 x i64> %v4, i32 0, i32 4, i32 2, i16 0, i32 undef, <4 x i1> <i1 true, i1 true, i1 true, i1 true>)
  call void @llvm.genx.oword.st.v16i64(i32 %arg0, i32 8, <16 x i64> %v7)
  %v11 = call <16 x i64> @llvm.genx.rdregioni.v16i64.v32i64.i16(<32 x i64> <i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1>, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v12 = call <16 x i64> @llvm.genx.rdregioni.v16i64.v32i64.i16(<32 x i64> <i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1>, i32 0, i32 16, i32 1, i16 128, i32 undef)
  %v13 = xor <16 x i64> %v11, %v12
  call void @llvm.genx.oword.st.v16i64(i32 %arg0, i32 8, <16 x i64> %v13)
  %v15 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg0, i32 0)
  %v36 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v15, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v37 = fptosi <16 x float> %v36 to <16 x i64>
  %v39 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v15, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v40 = fptosi <16 x float> %v39 to <16 x i64>
  %v43 = uitofp <16 x i64> %v37 to <16 x float>
  %v44 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> undef, <16 x float> %v43, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v46 = uitofp <16 x i64> %v40 to <16 x float>
  %v47 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> %v44, <16 x float> %v46, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v32f32(i32 %arg0, i32 8, <32 x float> %v47)
  ret void
}

define internal <16 x i64> @__genxc_udiv_i64_x16(<16 x i64> %arg0, <16 x i64> %arg1) {
bb0:
  %v0 = udiv <16 x i64> %arg0, %arg1
  ret <16 x i64> %v0
}

declare <16 x i64> @llvm.genx.oword.ld.v16i64(i32, i32, i32)
declare <32 x float> @llvm.genx.oword.ld.v32f32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16i64(i32, i32, <16 x i64>)
declare void @llvm.genx.oword.st.v32f32(i32, i32, <32 x float>)
declare <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <16 x i64> @llvm.genx.rdregioni.v16i64.v32i64.i16(<32 x i64>, i32, i32, i32, i16, i32)
declare <4 x i64> @llvm.genx.rdregioni.v4i64.v16i64.i16(<16 x i64>, i32, i32, i32, i16, i32)
declare <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float>, <16 x float>, i32, i32, i32, i16, i32, i1)
declare <16 x i64> @llvm.genx.wrregioni.v16i64.v4i64.i16.i1(<16 x i64>, <4 x i64>, i32, i32, i32, i16, i32, i1)
declare <16 x i64> @llvm.genx.wrregioni.v16i64.v4i64.i16.v4i1(<16 x i64>, <4 x i64>, i32, i32, i32, i16, i32, <4 x i1>)

!genx.kernels = !{!0}
!0 = !{void (i32, <4 x i32>)* @div64_regions, !"div64_regions", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 0}
!2 = !{i32 128, i32 132}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t read_write", !""}
