define dllexport void @wide_sat(i32 %arg0) {
bb0:
  %v0 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg0, i32 0)
  %v1 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg0, i32 8)
  %v20 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v0, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v21 = fmul <16 x float> %v20, %v20
  %v23 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v0, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v24 = fmul <16 x float> %v23, %v23
  %v26 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v1, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v27 = fmul <16 x float> %v26, %v26
  %v29 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v1, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v30 = fmul <16 x float> %v29, %v29
  %v33 = call <16 x float> @llvm.genx.sat.v16f32.v16f32(<16 x float> %v21)
  %v34 = call <64 x float> @llvm.genx.wrregionf.v64f32.v16f32.i16.i1(<64 x float> undef, <16 x float> %v33, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v36 = call <16 x float> @llvm.genx.sat.v16f32.v16f32(<16 x float> %v24)
  %v37 = call <64 x float> @llvm.genx.wrregionf.v64f32.v16f32.i16.i1(<64 x float> %v34, <16 x float> %v36, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v39 = call <16 x float> @llvm.genx.sat.v16f32.v16f32(<16 x float> %v27)
  %v40 = call <64 x float> @llvm.genx.wrregionf.v64f32.v16f32.i16.i1(<64 x float> %v37, <16 x float> %v39, i32 0, i32 16, i32 1, i16 128, i32 undef, i1 true)
  %v42 = call <16 x float> @llvm.genx.sat.v16f32.v16f32(<16 x float> %v30)
  %v43 = call <64 x float> @llvm.genx.wrregionf.v64f32.v16f32.i16.i1(<64 x float> %v40, <16 x float> %v42, i32 0, i32 16, i32 1, i16 192, i32 undef, i1 true)
  %v44 = call <16 x float> @llvm.genx.rdregionf.v16f32.v64f32.i16(<64 x float> %v43, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v45 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> undef, <16 x float> %v44, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v46 = call <16 x float> @llvm.genx.rdregionf.v16f32.v64f32.i16(<64 x float> %v43, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v47 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> %v45, <16 x float> %v46, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v48 = call <16 x float> @llvm.genx.rdregionf.v16f32.v64f32.i16(<64 x float> %v43, i32 0, i32 16, i32 1, i16 128, i32 undef)
  %v49 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> undef, <16 x float> %v48, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v50 = call <16 x float> @llvm.genx.rdregionf.v16f32.v64f32.i16(<64 x float> %v43, i32 0, i32 16, i32 1, i16 192, i32 undef)
  %v51 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> %v49, <16 x float> %v50, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v32f32(i32 %arg0, i32 16, <32 x float> %v47)
  call void @llvm.genx.oword.st.v32f32(i32 %arg0, i32 24, <32 x float> %v51)
  ret void
}

declare <32 x float> @llvm.genx.oword.ld.v32f32(i32, i32, i32)
declare void @llvm.genx.oword.st.v32f32(i32, i32, <32 x float>)
declare <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <16 x float> @llvm.genx.rdregionf.v16f32.v64f32.i16(<64 x float>, i32, i32, i32, i16, i32)
declare <16 x float> @llvm.genx.sat.v16f32.v16f32(<16 x float>)
declare <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float>, <16 x float>, i32, i32, i32, i16, i32, i1)
declare <64 x float> @llvm.genx.wrregionf.v64f32.v16f32.i16.i1(<64 x float>, <16 x float>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32)* @wide_sat, !"wide_sat", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 64}
!3 = !{i32 0}
!4 = !{!"buffer_t"}
