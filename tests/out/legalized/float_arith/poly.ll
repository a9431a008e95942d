define dllexport void @poly(i32 %arg0, i32 %arg1) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 2
  %v2 = call <16 x float> @llvm.genx.oword.ld.v16f32(i32 0, i32 %arg0, i32 %v1)
  %v3 = fmul <16 x float> %v2, <float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000>
  %v4 = fsub <16 x float> %v3, <float 0x3FF4000000000000, float 0x3FF4000000000000, float 0x3FF4000000000000, float 0x3FF4000000000000, float 0x3FF4000000000000, float 0x3FF4000000000000, float 0x3FF4000000000000, float 0x3FF4000000000000, float 0x3FF4000000000000, float 0x3FF4000000000000, float 0x3FF4000000000000, float 0x3FF4000000000000, float 0x3FF4000000000000, float 0x3FF4000000000000, float 0x3FF4000000000000, float 0x3FF4000000000000>
  %v5 = call <16 x float> @llvm.fma.v16f32(<16 x float> %v2, <16 x float> %v4, <16 x float> <float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000>)
  call void @llvm.genx.oword.st.v16f32(i32 %arg1, i32 %v1, <16 x float> %v5)
  ret void
}

declare <16 x float> @llvm.fma.v16f32(<16 x float>, <16 x float>, <16 x float>)
declare i32 @llvm.genx.group.id.x.i32()
declare <16 x float> @llvm.genx.oword.ld.v16f32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16f32(i32, i32, <16 x float>)

!genx.kernels = !{!0}
!0 = !{void (i32, i32)* @poly, !"poly", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2}
!2 = !{i32 64, i32 68}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t read_only", !"buffer_t write_only"}
