define dllexport void @scaled(i32 %arg0, i32 %arg1) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 6
  %v2 = call <16 x float> @llvm.genx.gather.scaled2.v16f32.i16.v16i32(i32 2, i16 0, i32 %arg0, i32 %v1, <16 x i32> <i32 0, i32 8, i32 16, i32 24, i32 32, i32 40, i32 48, i32 56, i32 64, i32 72, i32 80, i32 88, i32 96, i32 104, i32 112, i32 120>)
  %v3 = fcmp ogt <16 x float> %v2, <float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000>
  call void @llvm.genx.scatter.scaled.v16i1.i16.v16i32.v16f32(<16 x i1> %v3, i32 2, i16 0, i32 %arg1, i32 %v1, <16 x i32> <i32 0, i32 8, i32 16, i32 24, i32 32, i32 40, i32 48, i32 56, i32 64, i32 72, i32 80, i32 88, i32 96, i32 104, i32 112, i32 120>, <16 x float> %v2)
  ret void
}

declare <16 x float> @llvm.genx.gather.scaled2.v16f32.i16.v16i32(i32, i16, i32, i32, <16 x i32>)
declare i32 @llvm.genx.group.id.x.i32()
declare void @llvm.genx.scatter.scaled.v16i1.i16.v16i32.v16f32(<16 x i1>, i32, i16, i32, i32, <16 x i32>, <16 x float>)

!genx.kernels = !{!0}
!0 = !{void (i32, i32)* @scaled, !"scaled", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2}
!2 = !{i32 64, i32 68}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t read_only", !"buffer_t write_only"}
