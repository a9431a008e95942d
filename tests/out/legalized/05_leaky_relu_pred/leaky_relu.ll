define dllexport void @leaky_relu(i32 %arg0, float %arg1) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 3
  %v2 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg0, i32 %v1)
  %v9 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v2, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v10 = fcmp olt <16 x float> %v9, <float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000>
  %v11 = call <32 x i1> @llvm.genx.wrpredregion.v32i1.v32i1.v16i1(<32 x i1> undef, <16 x i1> %v10, i32 0)
  %v12 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v2, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v13 = fcmp olt <16 x float> %v12, <float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000>
  %v14 = call <32 x i1> @llvm.genx.wrpredregion.v32i1.v32i1.v16i1(<32 x i1> %v11, <16 x i1> %v13, i32 16)
  %v4 = call <32 x float> @llvm.genx.wrregionf.v32f32.f32.i16.i1(<32 x float> undef, float %arg1, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v15 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v2, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v16 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v4, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v17 = fmul <16 x float> %v15, %v16
  %v18 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v14, i32 0)
  %v19 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.v16i1(<32 x float> %v2, <16 x float> %v17, i32 0, i32 16, i32 1, i16 0, i32 undef, <16 x i1> %v18)
  %v20 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v19, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v21 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v4, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v22 = fmul <16 x float> %v20, %v21
  %v23 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v14, i32 16)
  %v24 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.v16i1(<32 x float> %v19, <16 x float> %v22, i32 0, i32 16, i32 1, i16 64, i32 undef, <16 x i1> %v23)
  call void @llvm.genx.oword.st.v32f32(i32 %arg0, i32 %v1, <32 x float> %v24)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <32 x float> @llvm.genx.oword.ld.v32f32(i32, i32, i32)
declare void @llvm.genx.oword.st.v32f32(i32, i32, <32 x float>)
declare <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1>, i32)
declare <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <32 x i1> @llvm.genx.wrpredregion.v32i1.v32i1.v16i1(<32 x i1>, <16 x i1>, i32)
declare <32 x float> @llvm.genx.wrregionf.v32f32.f32.i16.i1(<32 x float>, float, i32, i32, i32, i16, i32, i1)
declare <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.v16i1(<32 x float>, <16 x float>, i32, i32, i32, i16, i32, <16 x i1>)

!genx.kernels = !{!0}
!0 = !{void (i32, float)* @leaky_relu, !"leaky_relu", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 0}
!2 = !{i32 64, i32 68}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t read_write", !""}
