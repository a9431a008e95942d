define dllexport void @rounding(i32 %arg0, i32 %arg1) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 2
  %v2 = call <16 x float> @llvm.genx.oword.ld.v16f32(i32 0, i32 %arg0, i32 %v1)
  %v3 = call <16 x float> @llvm.floor.v16f32(<16 x float> %v2)
  %v4 = call <16 x float> @llvm.ceil.v16f32(<16 x float> %v2)
  %v5 = call <16 x float> @llvm.trunc.v16f32(<16 x float> %v2)
  %v6 = call <16 x float> @llvm.rint.v16f32(<16 x float> %v2)
  %v7 = call <16 x float> @llvm.genx.frc.v16f32.v16f32(<16 x float> %v2)
  %v8 = fadd <16 x float> %v3, %v4
  %v9 = fadd <16 x float> %v5, %v6
  %v10 = fadd <16 x float> %v8, %v9
  %v11 = fadd <16 x float> %v10, %v7
  call void @llvm.genx.oword.st.v16f32(i32 %arg1, i32 %v1, <16 x float> %v11)
  ret void
}

declare <16 x float> @llvm.ceil.v16f32(<16 x float>)
declare <16 x float> @llvm.floor.v16f32(<16 x float>)
declare <16 x float> @llvm.genx.frc.v16f32.v16f32(<16 x float>)
declare i32 @llvm.genx.group.id.x.i32()
declare <16 x float> @llvm.genx.oword.ld.v16f32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16f32(i32, i32, <16 x float>)
declare <16 x float> @llvm.rint.v16f32(<16 x float>)
declare <16 x float> @llvm.trunc.v16f32(<16 x float>)

!genx.kernels = !{!0}
!0 = !{void (i32, i32)* @rounding, !"rounding", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2}
!2 = !{i32 64, i32 68}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t read_only", !"buffer_t write_only"}
