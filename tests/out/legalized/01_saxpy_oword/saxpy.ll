define dllexport void @saxpy(float %arg0, i32 %arg1, i32 %arg2) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 3
  %v2 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg1, i32 %v1)
  %v3 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg2, i32 %v1)
  %v4 = call <32 x float> @llvm.genx.wrregionf.v32f32.f32.i16.i1(<32 x float> undef, float %arg0, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v9 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v4, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v10 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v2, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v11 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v3, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v12 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v9, <16 x float> %v10, <16 x float> %v11)
  %v13 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> undef, <16 x float> %v12, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v14 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v4, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v15 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v2, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v16 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v3, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v17 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v14, <16 x float> %v15, <16 x float> %v16)
  %v18 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> %v13, <16 x float> %v17, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v32f32(i32 %arg2, i32 %v1, <32 x float> %v18)
  ret void
}

declare <16 x float> @llvm.fmuladd.v16f32(<16 x float>, <16 x float>, <16 x float>)
declare i32 @llvm.genx.group.id.x.i32()
declare <32 x float> @llvm.genx.oword.ld.v32f32(i32, i32, i32)
declare void @llvm.genx.oword.st.v32f32(i32, i32, <32 x float>)
declare <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <32 x float> @llvm.genx.wrregionf.v32f32.f32.i16.i1(<32 x float>, float, i32, i32, i32, i16, i32, i1)
declare <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float>, <16 x float>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (float, i32, i32)* @saxpy, !"saxpy", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 2, i32 2}
!2 = !{i32 64, i32 68, i32 72}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"", !"buffer_t read_only", !"buffer_t read_write"}
