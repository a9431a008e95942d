define dllexport void @div64_regions(i32 %arg0, <4 x i32> %arg1) {
bb0:
  %v0 = icmp sgt <4 x i32> %arg1, <i32 0, i32 0, i32 0, i32 0>
  %v1 = call <16 x i64> @llvm.genx.oword.ld.v16i64(i32 0, i32 %arg0, i32 0)
  %v2 = call <4 x i64> @llvm.genx.rdregioni.v4i64.v16i64.i16(<16 x i64> %v1, i32 0, i32 4, i32 1, i16 32, i32 undef)
  %v3 = call <4 x i64> @llvm.genx.rdregioni.v4i64.v16i64.i16(<16 x i64> %v1, i32 0, i32 4, i32 1, i16 64, i32 undef)
  %v14 = ashr <4 x i64> %v2, <i64 63, i64 63, i64 63, i64 63>
  %v15 = xor <4 x i64> %v2, %v14
  %v16 = sub <4 x i64> %v15, %v14
  %v17 = ashr <4 x i64> %v3, <i64 63, i64 63, i64 63, i64 63>
  %v18 = xor <4 x i64> %v3, %v17
  %v19 = sub <4 x i64> %v18, %v17
  %v20 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v4i64.i16.i1(<16 x i64> undef, <4 x i64> %v16, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
  %v21 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v4i64.i16.i1(<16 x i64> undef, <4 x i64> %v19, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
  %v22 = call <16 x i64> @__genxc_udiv_i64_x16(<16 x i64> %v20, <16 x i64> %v21)
  %v23 = call <4 x i64> @llvm.genx.rdregioni.v4i64.v16i64.i16(<16 x i64> %v22, i32 0, i32 4, i32 1, i16 0, i32 undef)
  %v24 = xor <4 x i64> %v14, %v17
  %v25 = xor <4 x i64> %v23, %v24
  %v4 = sub <4 x i64> %v25, %v24
  %v5 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v4i64.i16.v4i1(<16 x i64> %v1, <4 x i64> %v4, i32 0, i32 4, i32 1, i16 8, i32 undef, <4 x i1> %v0)
  %v26 = call <16 x i64> @__genxc_udiv_i64_x16(<16 x i64> %v5, <16 x i64> %v1)
  %v27 = mul <16 x i64> %v26, %v1
  %v6 = sub <16 x i64> %v5, %v27
  %v7 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v4i64.i16.v4i1(<16 x i64> %v6, <4 x i64> %v4, i32 0, i32 4, i32 2, i16 0, i32 undef, <4 x i1> <i1 true, i1 true, i1 true, i1 true>)
  call void @llvm.genx.oword.st.v16i64(i32 %arg0, i32 8, <16 x i64> %v7)
  call void @llvm.genx.oword.st.v16i64(i32 %arg0, i32 8, <16 x i64> <i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0>)
  %v10 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg0, i32 0)
  %v28 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v10, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v29 = fptosi <16 x float> %v28 to <16 x i64>
  %v31 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v10, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v32 = fptosi <16 x float> %v31 to <16 x i64>
  %v35 = uitofp <16 x i64> %v29 to <16 x float>
  %v36 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> undef, <16 x float> %v35, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v38 = uitofp <16 x i64> %v32 to <16 x float>
  %v39 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> %v36, <16 x float> %v38, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v32f32(i32 %arg0, i32 8, <32 x float> %v39)
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
