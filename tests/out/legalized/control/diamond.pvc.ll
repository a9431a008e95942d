define dllexport void @diamond(i32 %arg0, float %arg1) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 2
  %v2 = call <16 x float> @llvm.genx.oword.ld.v16f32(i32 0, i32 %arg0, i32 %v1)
  %v3 = fcmp ogt float %arg1, 0x0000000000000000
  %v4 = call <16 x float> @llvm.genx.wrregionf.v16f32.f32.i16.i1(<16 x float> undef, float %arg1, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v7 = fsub <16 x float> %v2, <float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000>
  %v5 = call <16 x float> @llvm.genx.rdregionf.v16f32.v16f32.i16(<16 x float> %v4, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v6 = fmul <16 x float> %v2, %v5
  %v8 = select i1 %v3, <16 x float> %v6, <16 x float> %v7
  br label %bb1
bb1:
  call void @llvm.genx.oword.st.v16f32(i32 %arg0, i32 %v1, <16 x float> %v8)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <16 x float> @llvm.genx.oword.ld.v16f32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16f32(i32, i32, <16 x float>)
declare <16 x float> @llvm.genx.rdregionf.v16f32.v16f32.i16(<16 x float>, i32, i32, i32, i16, i32)
declare <16 x float> @llvm.genx.wrregionf.v16f32.f32.i16.i1(<16 x float>, float, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, float)* @diamond, !"diamond", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 0}
!2 = !{i32 128, i32 132}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t read_write", !""}
