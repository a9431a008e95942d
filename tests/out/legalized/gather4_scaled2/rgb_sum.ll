define dllexport void @rgb_sum(i32 %arg0) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 8
  %v2 = call <48 x float> @llvm.genx.gather4.scaled2.v48f32.i16.v16i32(i32 7, i16 0, i32 %arg0, i32 %v1, <16 x i32> <i32 0, i32 16, i32 32, i32 48, i32 64, i32 80, i32 96, i32 112, i32 128, i32 144, i32 160, i32 176, i32 192, i32 208, i32 224, i32 240>)
  %v3 = call <16 x float> @llvm.genx.rdregionf.v16f32.v48f32.i16(<48 x float> %v2, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v4 = call <16 x float> @llvm.genx.rdregionf.v16f32.v48f32.i16(<48 x float> %v2, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v5 = call <16 x float> @llvm.genx.rdregionf.v16f32.v48f32.i16(<48 x float> %v2, i32 0, i32 16, i32 1, i16 128, i32 undef)
  %v6 = fadd <16 x float> %v3, %v4
  %v7 = fadd <16 x float> %v6, %v5
  call void @llvm.genx.scatter4.scaled.v16i1.i16.v16i32.v16f32(<16 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, i32 8, i16 0, i32 %arg0, i32 %v1, <16 x i32> <i32 0, i32 16, i32 32, i32 48, i32 64, i32 80, i32 96, i32 112, i32 128, i32 144, i32 160, i32 176, i32 192, i32 208, i32 224, i32 240>, <16 x float> %v7)
  ret void
}

declare <48 x float> @llvm.genx.gather4.scaled2.v48f32.i16.v16i32(i32, i16, i32, i32, <16 x i32>)
declare i32 @llvm.genx.group.id.x.i32()
declare <16 x float> @llvm.genx.rdregionf.v16f32.v48f32.i16(<48 x float>, i32, i32, i32, i16, i32)
declare void @llvm.genx.scatter4.scaled.v16i1.i16.v16i32.v16f32(<16 x i1>, i32, i16, i32, i32, <16 x i32>, <16 x float>)

!genx.kernels = !{!0}
!0 = !{void (i32)* @rgb_sum, !"rgb_sum", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 64}
!3 = !{i32 0}
!4 = !{!"buffer_t read_write"}
