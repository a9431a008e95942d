define dllexport void @lerp(i32 %arg0, i32 %arg1, i32 %arg2, float %arg3) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 2
  %v2 = call <16 x float> @llvm.genx.oword.ld.v16f32(i32 0, i32 %arg0, i32 %v1)
  %v3 = call <16 x float> @llvm.genx.oword.ld.v16f32(i32 0, i32 %arg1, i32 %v1)
  %v4 = fsub <16 x float> %v3, %v2
  %v5 = call <16 x float> @llvm.genx.wrregionf.v16f32.f32.i16.i1(<16 x float> undef, float %arg3, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v6 = call <16 x float> @llvm.genx.rdregionf.v16f32.v16f32.i16(<16 x float> %v5, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v7 = call <16 x float> @llvm.fmuladd.v16f32(<16 x float> %v6, <16 x float> %v4, <16 x float> %v2)
  call void @llvm.genx.oword.st.v16f32(i32 %arg2, i32 %v1, <16 x float> %v7)
  ret void
}

declare <16 x float> @llvm.fmuladd.v16f32(<16 x float>, <16 x float>, <16 x float>)
declare i32 @llvm.genx.group.id.x.i32()
declare <16 x float> @llvm.genx.oword.ld.v16f32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16f32(i32, i32, <16 x float>)
declare <16 x float> @llvm.genx.rdregionf.v16f32.v16f32.i16(<16 x float>, i32, i32, i32, i16, i32)
declare <16 x float> @llvm.genx.wrregionf.v16f32.f32.i16.i1(<16 x float>, float, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, i32, i32, float)* @lerp, !"lerp", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2, i32 2, i32 0}
!2 = !{i32 64, i32 68, i32 72, i32 76}
!3 = !{i32 0, i32 0, i32 0, i32 0}
!4 = !{!"buffer_t read_only", !"buffer_t read_only", !"buffer_t write_only", !""}
