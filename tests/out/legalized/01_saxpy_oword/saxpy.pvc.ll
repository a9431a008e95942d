define dllexport void @saxpy(float %arg0, i32 %arg1, i32 %arg2) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 3
  %v2 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg1, i32 %v1)
  %v3 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg2, i32 %v1)
  %v4 = call <32 x float> @llvm.genx.wrregionf.v32f32.f32.i16.i1(<32 x float> undef, float %arg0, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v5 = call <32 x float> @llvm.genx.rdregionf.v32f32.v32f32.i16(<32 x float> %v4, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v7 = call <32 x float> @llvm.fmuladd.v32f32(<32 x float> %v5, <32 x float> %v2, <32 x float> %v3)
  call void @llvm.genx.oword.st.v32f32(i32 %arg2, i32 %v1, <32 x float> %v7)
  ret void
}

declare <32 x float> @llvm.fmuladd.v32f32(<32 x float>, <32 x float>, <32 x float>)
declare i32 @llvm.genx.group.id.x.i32()
declare <32 x float> @llvm.genx.oword.ld.v32f32(i32, i32, i32)
declare void @llvm.genx.oword.st.v32f32(i32, i32, <32 x float>)
declare <32 x float> @llvm.genx.rdregionf.v32f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <32 x float> @llvm.genx.wrregionf.v32f32.f32.i16.i1(<32 x float>, float, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (float, i32, i32)* @saxpy, !"saxpy", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 2, i32 2}
!2 = !{i32 128, i32 132, i32 136}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"", !"buffer_t read_only", !"buffer_t read_write"}
