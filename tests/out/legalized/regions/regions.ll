define dllexport void @regions(i32 %arg0, i32 %arg1) {
bb0:
  %v0 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg0, i32 0)
  %v14 = call <4 x float> @llvm.genx.rdregionf.v4f32.v32f32.i16(<32 x float> %v0, i32 0, i32 4, i32 1, i16 0, i32 undef)
  %v15 = call <4 x float> @llvm.genx.rdregionf.v4f32.v32f32.i16(<32 x float> %v0, i32 0, i32 4, i32 4, i16 4, i32 undef)
  %v16 = fadd <4 x float> %v14, %v15
  %v17 = call <8 x float> @llvm.genx.wrregionf.v8f32.v4f32.i16.i1(<8 x float> undef, <4 x float> %v16, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
  %v18 = call <4 x float> @llvm.genx.rdregionf.v4f32.v32f32.i16(<32 x float> %v0, i32 0, i32 4, i32 1, i16 32, i32 undef)
  %v19 = call <4 x float> @llvm.genx.rdregionf.v4f32.v32f32.i16(<32 x float> %v0, i32 0, i32 4, i32 4, i16 68, i32 undef)
  %v20 = fadd <4 x float> %v18, %v19
  %v21 = call <8 x float> @llvm.genx.wrregionf.v8f32.v4f32.i16.i1(<8 x float> %v17, <4 x float> %v20, i32 0, i32 4, i32 1, i16 16, i32 undef, i1 true)
  %v4 = call float @llvm.genx.rdregionf.f32.v8f32.i16(<8 x float> %v21, i32 0, i32 1, i32 1, i16 12, i32 undef)
  %v5 = call <8 x float> @llvm.genx.wrregionf.v8f32.f32.i16.i1(<8 x float> undef, float %v4, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v6 = call <8 x float> @llvm.genx.rdregionf.v8f32.v8f32.i16(<8 x float> %v5, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v7 = fmul <8 x float> %v21, %v6
  %v8 = call <32 x float> @llvm.genx.wrregionf.v32f32.v8f32.i16.i1(<32 x float> %v0, <8 x float> %v7, i32 0, i32 8, i32 2, i16 0, i32 undef, i1 true)
  %v22 = call <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float> %v8, i32 0, i32 8, i32 2, i16 4, i32 undef)
  %v23 = call <32 x float> @llvm.genx.wrregionf.v32f32.v8f32.i16.i1(<32 x float> %v8, <8 x float> %v22, i32 0, i32 8, i32 1, i16 64, i32 undef, i1 true)
  %v24 = call <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float> %v8, i32 0, i32 8, i32 2, i16 68, i32 undef)
  %v25 = call <32 x float> @llvm.genx.wrregionf.v32f32.v8f32.i16.i1(<32 x float> %v23, <8 x float> %v24, i32 0, i32 8, i32 1, i16 96, i32 undef, i1 true)
  %v11 = call <32 x float> @llvm.genx.wrregionf.v32f32.f32.i16.i1(<32 x float> %v25, float 0x4004000000000000, i32 0, i32 1, i32 1, i16 124, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v32f32(i32 %arg1, i32 0, <32 x float> %v11)
  call void @llvm.genx.oword.st.v8f32(i32 %arg1, i32 8, <8 x float> %v21)
  ret void
}

declare <32 x float> @llvm.genx.oword.ld.v32f32(i32, i32, i32)
declare void @llvm.genx.oword.st.v32f32(i32, i32, <32 x float>)
declare void @llvm.genx.oword.st.v8f32(i32, i32, <8 x float>)
declare float @llvm.genx.rdregionf.f32.v8f32.i16(<8 x float>, i32, i32, i32, i16, i32)
declare <4 x float> @llvm.genx.rdregionf.v4f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <8 x float> @llvm.genx.rdregionf.v8f32.v8f32.i16(<8 x float>, i32, i32, i32, i16, i32)
declare <32 x float> @llvm.genx.wrregionf.v32f32.f32.i16.i1(<32 x float>, float, i32, i32, i32, i16, i32, i1)
declare <32 x float> @llvm.genx.wrregionf.v32f32.v8f32.i16.i1(<32 x float>, <8 x float>, i32, i32, i32, i16, i32, i1)
declare <8 x float> @llvm.genx.wrregionf.v8f32.f32.i16.i1(<8 x float>, float, i32, i32, i32, i16, i32, i1)
declare <8 x float> @llvm.genx.wrregionf.v8f32.v4f32.i16.i1(<8 x float>, <4 x float>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, i32)* @regions, !"regions", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2}
!2 = !{i32 64, i32 68}
!3 = !{i32 0, i32 0}
!4 = !{!"", !""}
