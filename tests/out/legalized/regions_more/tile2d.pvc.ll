define dllexport void @tile2d(i32 %arg0, i32 %arg1) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 2
  %v2 = call <16 x float> @llvm.genx.oword.ld.v16f32(i32 0, i32 %arg0, i32 %v1)
  %v3 = call <16 x float> @llvm.genx.rdregionf.v16f32.v16f32.i16(<16 x float> %v2, i32 1, i32 4, i32 4, i16 0, i32 undef)
  %v8 = call <2 x float> @llvm.genx.rdregionf.v2f32.v16f32.i16(<16 x float> %v2, i32 0, i32 2, i32 8, i16 0, i32 undef)
  %v9 = fmul <2 x float> %v8, <float 0x4010000000000000, float 0x4010000000000000>
  %v10 = call <16 x float> @llvm.genx.wrregionf.v16f32.v2f32.i16.i1(<16 x float> %v3, <2 x float> %v9, i32 0, i32 2, i32 2, i16 0, i32 undef, i1 true)
  %v11 = call <2 x float> @llvm.genx.rdregionf.v2f32.v16f32.i16(<16 x float> %v2, i32 0, i32 2, i32 8, i16 4, i32 undef)
  %v12 = fmul <2 x float> %v11, <float 0x4010000000000000, float 0x4010000000000000>
  %v13 = call <16 x float> @llvm.genx.wrregionf.v16f32.v2f32.i16.i1(<16 x float> %v10, <2 x float> %v12, i32 0, i32 2, i32 2, i16 16, i32 undef, i1 true)
  %v14 = call <2 x float> @llvm.genx.rdregionf.v2f32.v16f32.i16(<16 x float> %v2, i32 0, i32 2, i32 8, i16 8, i32 undef)
  %v15 = fmul <2 x float> %v14, <float 0x4010000000000000, float 0x4010000000000000>
  %v16 = call <16 x float> @llvm.genx.wrregionf.v16f32.v2f32.i16.i1(<16 x float> %v13, <2 x float> %v15, i32 0, i32 2, i32 2, i16 32, i32 undef, i1 true)
  %v17 = call <2 x float> @llvm.genx.rdregionf.v2f32.v16f32.i16(<16 x float> %v2, i32 0, i32 2, i32 8, i16 12, i32 undef)
  %v18 = fmul <2 x float> %v17, <float 0x4010000000000000, float 0x4010000000000000>
  %v19 = call <16 x float> @llvm.genx.wrregionf.v16f32.v2f32.i16.i1(<16 x float> %v16, <2 x float> %v18, i32 0, i32 2, i32 2, i16 48, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v16f32(i32 %arg1, i32 %v1, <16 x float> %v19)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <16 x float> @llvm.genx.oword.ld.v16f32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16f32(i32, i32, <16 x float>)
declare <16 x float> @llvm.genx.rdregionf.v16f32.v16f32.i16(<16 x float>, i32, i32, i32, i16, i32)
declare <2 x float> @llvm.genx.rdregionf.v2f32.v16f32.i16(<16 x float>, i32, i32, i32, i16, i32)
declare <16 x float> @llvm.genx.wrregionf.v16f32.v2f32.i16.i1(<16 x float>, <2 x float>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, i32)* @tile2d, !"tile2d", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2}
!2 = !{i32 128, i32 132}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t read_only", !"buffer_t write_only"}
