define dllexport void @regions(i32 %arg0, i32 %arg1) {
bb0:
  %v0 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg0, i32 0)
  %v1 = call <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float> %v0, i32 8, i32 4, i32 1, i16 0, i32 undef)
  %v2 = call <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float> %v0, i32 0, i32 8, i32 4, i16 4, i32 undef)
  %v3 = fadd <8 x float> %v1, %v2
  %v4 = call float @llvm.genx.rdregionf.f32.v8f32.i16(<8 x float> %v3, i32 0, i32 1, i32 1, i16 12, i32 undef)
  %v5 = call <8 x float> @llvm.genx.wrregionf.v8f32.f32.i16.i1(<8 x float> undef, float %v4, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v6 = call <8 x float> @llvm.genx.rdregionf.v8f32.v8f32.i16(<8 x float> %v5, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v7 = fmul <8 x float> %v3, %v6
  %v8 = call <32 x float> @llvm.genx.wrregionf.v32f32.v8f32.i16.i1(<32 x float> %v0, <8 x float> %v7, i32 0, i32 8, i32 2, i16 0, i32 undef, i1 true)
  %v9 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v8, i32 0, i32 16, i32 2, i16 4, i32 undef)
  %v10 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> %v8, <16 x float> %v9, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v11 = call <32 x float> @llvm.genx.wrregionf.v32f32.f32.i16.i1(<32 x float> %v10, float 0x4004000000000000, i32 0, i32 1, i32 1, i16 124, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v32f32(i32 %arg1, i32 0, <32 x float> %v11)
  call void @llvm.genx.oword.st.v8f32(i32 %arg1, i32 8, <8 x float> %v3)
  ret void
}

declare <32 x float> @llvm.genx.oword.ld.v32f32(i32, i32, i32)
declare void @llvm.genx.oword.st.v32f32(i32, i32, <32 x float>)
declare void @llvm.genx.oword.st.v8f32(i32, i32, <8 x float>)
declare float @llvm.genx.rdregionf.f32.v8f32.i16(<8 x float>, i32, i32, i32, i16, i32)
declare <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <8 x float> @llvm.genx.rdregionf.v8f32.v8f32.i16(<8 x float>, i32, i32, i32, i16, i32)
declare <32 x float> @llvm.genx.wrregionf.v32f32.f32.i16.i1(<32 x float>, float, i32, i32, i32, i16, i32, i1)
declare <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float>, <16 x float>, i32, i32, i32, i16, i32, i1)
declare <32 x float> @llvm.genx.wrregionf.v32f32.v8f32.i16.i1(<32 x float>, <8 x float>, i32, i32, i32, i16, i32, i1)
declare <8 x float> @llvm.genx.wrregionf.v8f32.f32.i16.i1(<8 x float>, float, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, i32)* @regions, !"regions", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2}
!2 = !{i32 64, i32 68}
!3 = !{i32 0, i32 0}
!4 = !{!"", !""}
