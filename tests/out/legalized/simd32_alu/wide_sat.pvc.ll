define dllexport void @wide_sat(i32 %arg0) {
bb0:
  %v0 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg0, i32 0)
  %v1 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg0, i32 8)
  %v9 = call <32 x float> @llvm.genx.rdregionf.v32f32.v32f32.i16(<32 x float> %v0, i32 0, i32 32, i32 1, i16 0, i32 undef)
  %v10 = call <64 x float> @llvm.genx.wrregionf.v64f32.v32f32.i16.i1(<64 x float> undef, <32 x float> %v9, i32 0, i32 32, i32 1, i16 0, i32 undef, i1 true)
  %v11 = call <32 x float> @llvm.genx.rdregionf.v32f32.v32f32.i16(<32 x float> %v1, i32 0, i32 32, i32 1, i16 0, i32 undef)
  %v2 = call <64 x float> @llvm.genx.wrregionf.v64f32.v32f32.i16.i1(<64 x float> %v10, <32 x float> %v11, i32 0, i32 32, i32 1, i16 128, i32 undef, i1 true)
  %v12 = call <32 x float> @llvm.genx.rdregionf.v32f32.v64f32.i16(<64 x float> %v2, i32 0, i32 32, i32 1, i16 0, i32 undef)
  %v13 = fmul <32 x float> %v12, %v12
  %v14 = call <64 x float> @llvm.genx.wrregionf.v64f32.v32f32.i16.i1(<64 x float> undef, <32 x float> %v13, i32 0, i32 32, i32 1, i16 0, i32 undef, i1 true)
  %v15 = call <32 x float> @llvm.genx.rdregionf.v32f32.v64f32.i16(<64 x float> %v2, i32 0, i32 32, i32 1, i16 128, i32 undef)
  %v16 = fmul <32 x float> %v15, %v15
  %v17 = call <64 x float> @llvm.genx.wrregionf.v64f32.v32f32.i16.i1(<64 x float> %v14, <32 x float> %v16, i32 0, i32 32, i32 1, i16 128, i32 undef, i1 true)
  %v18 = call <32 x float> @llvm.genx.rdregionf.v32f32.v64f32.i16(<64 x float> %v17, i32 0, i32 32, i32 1, i16 0, i32 undef)
  %v19 = call <32 x float> @llvm.genx.sat.v32f32.v32f32(<32 x float> %v18)
  %v20 = call <64 x float> @llvm.genx.wrregionf.v64f32.v32f32.i16.i1(<64 x float> undef, <32 x float> %v19, i32 0, i32 32, i32 1, i16 0, i32 undef, i1 true)
  %v21 = call <32 x float> @llvm.genx.rdregionf.v32f32.v64f32.i16(<64 x float> %v17, i32 0, i32 32, i32 1, i16 128, i32 undef)
  %v22 = call <32 x float> @llvm.genx.sat.v32f32.v32f32(<32 x float> %v21)
  %v23 = call <64 x float> @llvm.genx.wrregionf.v64f32.v32f32.i16.i1(<64 x float> %v20, <32 x float> %v22, i32 0, i32 32, i32 1, i16 128, i32 undef, i1 true)
  %v5 = call <32 x float> @llvm.genx.rdregionf.v32f32.v64f32.i16(<64 x float> %v23, i32 0, i32 32, i32 1, i16 0, i32 undef)
  %v6 = call <32 x float> @llvm.genx.rdregionf.v32f32.v64f32.i16(<64 x float> %v23, i32 0, i32 32, i32 1, i16 128, i32 undef)
  call void @llvm.genx.oword.st.v32f32(i32 %arg0, i32 16, <32 x float> %v5)
  call void @llvm.genx.oword.st.v32f32(i32 %arg0, i32 24, <32 x float> %v6)
  ret void
}

declare <32 x float> @llvm.genx.oword.ld.v32f32(i32, i32, i32)
declare void @llvm.genx.oword.st.v32f32(i32, i32, <32 x float>)
declare <32 x float> @llvm.genx.rdregionf.v32f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <32 x float> @llvm.genx.rdregionf.v32f32.v64f32.i16(<64 x float>, i32, i32, i32, i16, i32)
declare <32 x float> @llvm.genx.sat.v32f32.v32f32(<32 x float>)
declare <64 x float> @llvm.genx.wrregionf.v64f32.v32f32.i16.i1(<64 x float>, <32 x float>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32)* @wide_sat, !"wide_sat", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 128}
!3 = !{i32 0}
!4 = !{!"buffer_t"}
