define dllexport void @tile_mul(i32 %arg0, i32 %arg1, i32 %arg2) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 4
  %v2 = add i32 %v1, 8
  %v3 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg0, i32 %v1)
  %v4 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg0, i32 %v2)
  %v5 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg1, i32 %v1)
  %v6 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg1, i32 %v2)
  %v32 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v3, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v33 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v5, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v34 = fmul <16 x float> %v32, %v33
  %v35 = call <64 x float> @llvm.genx.wrregionf.v64f32.v16f32.i16.i1(<64 x float> undef, <16 x float> %v34, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v36 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v3, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v37 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v5, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v38 = fmul <16 x float> %v36, %v37
  %v39 = call <64 x float> @llvm.genx.wrregionf.v64f32.v16f32.i16.i1(<64 x float> %v35, <16 x float> %v38, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v40 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v4, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v41 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v6, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v42 = fmul <16 x float> %v40, %v41
  %v43 = call <64 x float> @llvm.genx.wrregionf.v64f32.v16f32.i16.i1(<64 x float> %v39, <16 x float> %v42, i32 0, i32 16, i32 1, i16 128, i32 undef, i1 true)
  %v44 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v4, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v45 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v6, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v46 = fmul <16 x float> %v44, %v45
  %v47 = call <64 x float> @llvm.genx.wrregionf.v64f32.v16f32.i16.i1(<64 x float> %v43, <16 x float> %v46, i32 0, i32 16, i32 1, i16 192, i32 undef, i1 true)
  %v48 = call <16 x float> @llvm.genx.rdregionf.v16f32.v64f32.i16(<64 x float> %v47, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v49 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> undef, <16 x float> %v48, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v50 = call <16 x float> @llvm.genx.rdregionf.v16f32.v64f32.i16(<64 x float> %v47, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v51 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> %v49, <16 x float> %v50, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v52 = call <16 x float> @llvm.genx.rdregionf.v16f32.v64f32.i16(<64 x float> %v47, i32 0, i32 16, i32 1, i16 128, i32 undef)
  %v53 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> undef, <16 x float> %v52, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v54 = call <16 x float> @llvm.genx.rdregionf.v16f32.v64f32.i16(<64 x float> %v47, i32 0, i32 16, i32 1, i16 192, i32 undef)
  %v55 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> %v53, <16 x float> %v54, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v32f32(i32 %arg2, i32 %v1, <32 x float> %v51)
  call void @llvm.genx.oword.st.v32f32(i32 %arg2, i32 %v2, <32 x float> %v55)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <32 x float> @llvm.genx.oword.ld.v32f32(i32, i32, i32)
declare void @llvm.genx.oword.st.v32f32(i32, i32, <32 x float>)
declare <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <16 x float> @llvm.genx.rdregionf.v16f32.v64f32.i16(<64 x float>, i32, i32, i32, i16, i32)
declare <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float>, <16 x float>, i32, i32, i32, i16, i32, i1)
declare <64 x float> @llvm.genx.wrregionf.v64f32.v16f32.i16.i1(<64 x float>, <16 x float>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, i32, i32)* @tile_mul, !"tile_mul", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2, i32 2}
!2 = !{i32 64, i32 68, i32 72}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"buffer_t read_only", !"buffer_t read_only", !"buffer_t write_only"}
