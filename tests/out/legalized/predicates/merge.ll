define dllexport void @merge(i32 %arg0, i32 %arg1) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 2
  %v2 = call <16 x float> @llvm.genx.oword.ld.v16f32(i32 0, i32 %arg0, i32 %v1)
  %v3 = call <16 x float> @llvm.genx.oword.ld.v16f32(i32 0, i32 %arg1, i32 %v1)
  %v4 = fcmp olt <16 x float> %v2, %v3
  %v5 = fmul <16 x float> %v2, <float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000>
  %v6 = call <16 x float> @llvm.genx.wrregionf.v16f32.v16f32.i16.v16i1(<16 x float> %v3, <16 x float> %v5, i32 0, i32 16, i32 1, i16 0, i32 undef, <16 x i1> %v4)
  call void @llvm.genx.oword.st.v16f32(i32 %arg1, i32 %v1, <16 x float> %v6)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <16 x float> @llvm.genx.oword.ld.v16f32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16f32(i32, i32, <16 x float>)
declare <16 x float> @llvm.genx.wrregionf.v16f32.v16f32.i16.v16i1(<16 x float>, <16 x float>, i32, i32, i32, i16, i32, <16 x i1>)

!genx.kernels = !{!0}
!0 = !{void (i32, i32)* @merge, !"merge", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2}
!2 = !{i32 64, i32 68}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t read_only", !"buffer_t read_write"}
