define dllexport void @scale_rows(i32 %arg0, float %arg1) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 2
  %v2 = add i32 %v1, 2
  %v3 = call <8 x float> @llvm.genx.oword.ld.v8f32(i32 0, i32 %arg0, i32 %v1)
  %v4 = call <8 x float> @llvm.genx.oword.ld.v8f32(i32 0, i32 %arg0, i32 %v2)
  %v5 = call <8 x float> @scale(<8 x float> %v3, float %arg1)
  %v6 = fmul float %arg1, 0x3FE0000000000000
  %v7 = call <8 x float> @scale(<8 x float> %v4, float %v6)
  call void @llvm.genx.oword.st.v8f32(i32 %arg0, i32 %v1, <8 x float> %v5)
  call void @llvm.genx.oword.st.v8f32(i32 %arg0, i32 %v2, <8 x float> %v7)
  ret void
}

define internal <8 x float> @scale(<8 x float> %arg0, float %arg1) {
bb0:
  %v0 = call <8 x float> @llvm.genx.wrregionf.v8f32.f32.i16.i1(<8 x float> undef, float %arg1, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v1 = call <8 x float> @llvm.genx.rdregionf.v8f32.v8f32.i16(<8 x float> %v0, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v2 = fmul <8 x float> %arg0, %v1
  ret <8 x float> %v2
}

declare i32 @llvm.genx.group.id.x.i32()
declare <8 x float> @llvm.genx.oword.ld.v8f32(i32, i32, i32)
declare void @llvm.genx.oword.st.v8f32(i32, i32, <8 x float>)
declare <8 x float> @llvm.genx.rdregionf.v8f32.v8f32.i16(<8 x float>, i32, i32, i32, i16, i32)
declare <8 x float> @llvm.genx.wrregionf.v8f32.f32.i16.i1(<8 x float>, float, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, float)* @scale_rows, !"scale_rows", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 0}
!2 = !{i32 64, i32 68}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t read_write", !""}
