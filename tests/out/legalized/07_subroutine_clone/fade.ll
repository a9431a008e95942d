define dllexport void @fade(i32 %arg0) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 2
  %v2 = call <16 x float> @llvm.genx.oword.ld.v16f32(i32 0, i32 %arg0, i32 %v1)
  %v3 = call <16 x float> @smoothstep_fade(<16 x float> %v2)
  call void @llvm.genx.oword.st.v16f32(i32 %arg0, i32 %v1, <16 x float> %v3)
  ret void
}

define internal <16 x float> @smoothstep_fade(<16 x float> %arg0) {
bb0:
  %v0 = call <16 x float> @llvm.genx.sat.v16f32.v16f32(<16 x float> %arg0)
  %v1 = fmul <16 x float> %v0, %v0
  %v2 = fmul <16 x float> %v0, <float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000>
  %v3 = fsub <16 x float> <float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000>, %v2
  %v4 = fmul <16 x float> %v1, %v3
  ret <16 x float> %v4
}

declare i32 @llvm.genx.group.id.x.i32()
declare <16 x float> @llvm.genx.oword.ld.v16f32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16f32(i32, i32, <16 x float>)
declare <16 x float> @llvm.genx.sat.v16f32.v16f32(<16 x float>)

!genx.kernels = !{!0}
!0 = !{void (i32)* @fade, !"fade", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 64}
!3 = !{i32 0}
!4 = !{!"buffer_t read_write"}
