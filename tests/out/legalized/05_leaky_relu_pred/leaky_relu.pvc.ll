define dllexport void @leaky_relu(i32 %arg0, float %arg1) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 3
  %v2 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg0, i32 %v1)
  %v3 = fcmp olt <32 x float> %v2, <float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000>
  %v4 = call <32 x float> @llvm.genx.wrregionf.v32f32.f32.i16.i1(<32 x float> undef, float %arg1, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v5 = call <32 x float> @llvm.genx.rdregionf.v32f32.v32f32.i16(<32 x float> %v4, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v6 = fmul <32 x float> %v2, %v5
  %v7 = call <32 x float> @llvm.genx.wrregionf.v32f32.v32f32.i16.v32i1(<32 x float> %v2, <32 x float> %v6, i32 0, i32 32, i32 1, i16 0, i32 undef, <32 x i1> %v3)
  call void @llvm.genx.oword.st.v32f32(i32 %arg0, i32 %v1, <32 x float> %v7)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <32 x float> @llvm.genx.oword.ld.v32f32(i32, i32, i32)
declare void @llvm.genx.oword.st.v32f32(i32, i32, <32 x float>)
declare <32 x float> @llvm.genx.rdregionf.v32f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <32 x float> @llvm.genx.wrregionf.v32f32.f32.i16.i1(<32 x float>, float, i32, i32, i32, i16, i32, i1)
declare <32 x float> @llvm.genx.wrregionf.v32f32.v32f32.i16.v32i1(<32 x float>, <32 x float>, i32, i32, i32, i16, i32, <32 x i1>)

!genx.kernels = !{!0}
!0 = !{void (i32, float)* @leaky_relu, !"leaky_relu", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 0}
!2 = !{i32 128, i32 132}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t read_write", !""}
