define dllexport void @wide_sat(i32 %arg0) {
bb0:
  %v0 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg0, i32 0)
  %v1 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg0, i32 8)
  %v12 = call <32 x float> @llvm.genx.rdregionf.v32f32.v32f32.i16(<32 x float> %v0, i32 0, i32 32, i32 1, i16 0, i32 undef)
  %v13 = fmul <32 x float> %v12, %v12
  %v15 = call <32 x float> @llvm.genx.rdregionf.v32f32.v32f32.i16(<32 x float> %v1, i32 0, i32 32, i32 1, i16 0, i32 undef)
  %v16 = fmul <32 x float> %v15, %v15
  %v19 = call <32 x float> @llvm.genx.sat.v32f32.v32f32(<32 x float> %v13)
  %v22 = call <32 x float> @llvm.genx.sat.v32f32.v32f32(<32 x float> %v16)
  call void @llvm.genx.oword.st.v32f32(i32 %arg0, i32 16, <32 x float> %v19)
  call void @llvm.genx.oword.st.v32f32(i32 %arg0, i32 24, <32 x float> %v22)
  ret void
}

declare <32 x float> @llvm.genx.oword.ld.v32f32(i32, i32, i32)
declare void @llvm.genx.oword.st.v32f32(i32, i32, <32 x float>)
declare <32 x float> @llvm.genx.rdregionf.v32f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <32 x float> @llvm.genx.sat.v32f32.v32f32(<32 x float>)

!genx.kernels = !{!0}
!0 = !{void (i32)* @wide_sat, !"wide_sat", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 128}
!3 = !{i32 0}
!4 = !{!"buffer_t"}
