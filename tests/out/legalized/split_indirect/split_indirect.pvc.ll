define dllexport void @split_indirect(i32 %arg0, i32 %arg1) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg0, i32 0)
  %v2 = and i32 %v0, 7
  %v3 = shl i32 %v2, 3
  %v4 = trunc i32 %v3 to i16
  %v5 = and i32 %v0, 3
  %v6 = shl i32 %v5, 4
  %v7 = trunc i32 %v6 to i16
  %v14 = call <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float> %v1, i32 0, i32 8, i32 1, i16 %v4, i32 0)
  %v15 = call <16 x float> @llvm.genx.wrregionf.v16f32.v8f32.i16.i1(<16 x float> undef, <8 x float> %v14, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %idx.1 = add i16 %v4, 32
  %v16 = call <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float> %v1, i32 0, i32 8, i32 1, i16 %idx.1, i32 0)
  %v17 = call <16 x float> @llvm.genx.wrregionf.v16f32.v8f32.i16.i1(<16 x float> %v15, <8 x float> %v16, i32 0, i32 8, i32 1, i16 32, i32 undef, i1 true)
  %v18 = call <1 x float> @llvm.genx.rdregionf.v1f32.v16f32.i16(<16 x float> %v17, i32 0, i32 1, i32 1, i16 0, i32 undef)
  %v19 = fmul <1 x float> %v18, %v18
  %v20 = call <32 x float> @llvm.genx.wrregionf.v32f32.v1f32.i16.i1(<32 x float> %v1, <1 x float> %v19, i32 0, i32 1, i32 1, i16 %v7, i32 0, i1 true)
  %v21 = call <1 x float> @llvm.genx.rdregionf.v1f32.v16f32.i16(<16 x float> %v17, i32 0, i32 1, i32 1, i16 4, i32 undef)
  %v22 = fmul <1 x float> %v21, %v21
  %idx.2 = add i16 %v7, 4
  %v23 = call <32 x float> @llvm.genx.wrregionf.v32f32.v1f32.i16.i1(<32 x float> %v20, <1 x float> %v22, i32 0, i32 1, i32 1, i16 %idx.2, i32 0, i1 true)
  %v24 = call <1 x float> @llvm.genx.rdregionf.v1f32.v16f32.i16(<16 x float> %v17, i32 0, i32 1, i32 1, i16 8, i32 undef)
  %v25 = fmul <1 x float> %v24, %v24
  %idx.3 = add i16 %v7, 8
  %v26 = call <32 x float> @llvm.genx.wrregionf.v32f32.v1f32.i16.i1(<32 x float> %v23, <1 x float> %v25, i32 0, i32 1, i32 1, i16 %idx.3, i32 0, i1 true)
  %v27 = call <1 x float> @llvm.genx.rdregionf.v1f32.v16f32.i16(<16 x float> %v17, i32 0, i32 1, i32 1, i16 12, i32 undef)
  %v28 = fmul <1 x float> %v27, %v27
  %idx.4 = add i16 %v7, 12
  %v29 = call <32 x float> @llvm.genx.wrregionf.v32f32.v1f32.i16.i1(<32 x float> %v26, <1 x float> %v28, i32 0, i32 1, i32 1, i16 %idx.4, i32 0, i1 true)
  %v30 = call <1 x float> @llvm.genx.rdregionf.v1f32.v16f32.i16(<16 x float> %v17, i32 0, i32 1, i32 1, i16 16, i32 undef)
  %v31 = fmul <1 x float> %v30, %v30
  %idx.5 = add i16 %v7, 16
  %v32 = call <32 x float> @llvm.genx.wrregionf.v32f32.v1f32.i16.i1(<32 x float> %v29, <1 x float> %v31, i32 0, i32 1, i32 1, i16 %idx.5, i32 0, i1 true)
  %v33 = call <1 x float> @llvm.genx.rdregionf.v1f32.v16f32.i16(<16 x float> %v17, i32 0, i32 1, i32 1, i16 20, i32 undef)
  %v34 = fmul <1 x float> %v33, %v33
  %idx.6 = add i16 %v7, 20
  %v35 = call <32 x float> @llvm.genx.wrregionf.v32f32.v1f32.i16.i1(<32 x float> %v32, <1 x float> %v34, i32 0, i32 1, i32 1, i16 %idx.6, i32 0, i1 true)
  %v36 = call <1 x float> @llvm.genx.rdregionf.v1f32.v16f32.i16(<16 x float> %v17, i32 0, i32 1, i32 1, i16 24, i32 undef)
  %v37 = fmul <1 x float> %v36, %v36
  %idx.7 = add i16 %v7, 24
  %v38 = call <32 x float> @llvm.genx.wrregionf.v32f32.v1f32.i16.i1(<32 x float> %v35, <1 x float> %v37, i32 0, i32 1, i32 1, i16 %idx.7, i32 0, i1 true)
  %v39 = call <1 x float> @llvm.genx.rdregionf.v1f32.v16f32.i16(<16 x float> %v17, i32 0, i32 1, i32 1, i16 28, i32 undef)
  %v40 = fmul <1 x float> %v39, %v39
  %idx.8 = add i16 %v7, 28
  %v41 = call <32 x float> @llvm.genx.wrregionf.v32f32.v1f32.i16.i1(<32 x float> %v38, <1 x float> %v40, i32 0, i32 1, i32 1, i16 %idx.8, i32 0, i1 true)
  %v42 = call <1 x float> @llvm.genx.rdregionf.v1f32.v16f32.i16(<16 x float> %v17, i32 0, i32 1, i32 1, i16 32, i32 undef)
  %v43 = fmul <1 x float> %v42, %v42
  %idx.9 = add i16 %v7, 32
  %v44 = call <32 x float> @llvm.genx.wrregionf.v32f32.v1f32.i16.i1(<32 x float> %v41, <1 x float> %v43, i32 0, i32 1, i32 1, i16 %idx.9, i32 0, i1 true)
  %v45 = call <1 x float> @llvm.genx.rdregionf.v1f32.v16f32.i16(<16 x float> %v17, i32 0, i32 1, i32 1, i16 36, i32 undef)
  %v46 = fmul <1 x float> %v45, %v45
  %idx.10 = add i16 %v7, 36
  %v47 = call <32 x float> @llvm.genx.wrregionf.v32f32.v1f32.i16.i1(<32 x float> %v44, <1 x float> %v46, i32 0, i32 1, i32 1, i16 %idx.10, i32 0, i1 true)
  %v48 = call <1 x float> @llvm.genx.rdregionf.v1f32.v16f32.i16(<16 x float> %v17, i32 0, i32 1, i32 1, i16 40, i32 undef)
  %v49 = fmul <1 x float> %v48, %v48
  %idx.11 = add i16 %v7, 40
  %v50 = call <32 x float> @llvm.genx.wrregionf.v32f32.v1f32.i16.i1(<32 x float> %v47, <1 x float> %v49, i32 0, i32 1, i32 1, i16 %idx.11, i32 0, i1 true)
  %v51 = call <1 x float> @llvm.genx.rdregionf.v1f32.v16f32.i16(<16 x float> %v17, i32 0, i32 1, i32 1, i16 44, i32 undef)
  %v52 = fmul <1 x float> %v51, %v51
  %idx.12 = add i16 %v7, 44
  %v53 = call <32 x float> @llvm.genx.wrregionf.v32f32.v1f32.i16.i1(<32 x float> %v50, <1 x float> %v52, i32 0, i32 1, i32 1, i16 %idx.12, i32 0, i1 true)
  %v54 = call <1 x float> @llvm.genx.rdregionf.v1f32.v16f32.i16(<16 x float> %v17, i32 0, i32 1, i32 1, i16 48, i32 undef)
  %v55 = fmul <1 x float> %v54, %v54
  %idx.13 = add i16 %v7, 48
  %v56 = call <32 x float> @llvm.genx.wrregionf.v32f32.v1f32.i16.i1(<32 x float> %v53, <1 x float> %v55, i32 0, i32 1, i32 1, i16 %idx.13, i32 0, i1 true)
  %v57 = call <1 x float> @llvm.genx.rdregionf.v1f32.v16f32.i16(<16 x float> %v17, i32 0, i32 1, i32 1, i16 52, i32 undef)
  %v58 = fmul <1 x float> %v57, %v57
  %idx.14 = add i16 %v7, 52
  %v59 = call <32 x float> @llvm.genx.wrregionf.v32f32.v1f32.i16.i1(<32 x float> %v56, <1 x float> %v58, i32 0, i32 1, i32 1, i16 %idx.14, i32 0, i1 true)
  %v60 = call <1 x float> @llvm.genx.rdregionf.v1f32.v16f32.i16(<16 x float> %v17, i32 0, i32 1, i32 1, i16 56, i32 undef)
  %v61 = fmul <1 x float> %v60, %v60
  %idx.15 = add i16 %v7, 56
  %v62 = call <32 x float> @llvm.genx.wrregionf.v32f32.v1f32.i16.i1(<32 x float> %v59, <1 x float> %v61, i32 0, i32 1, i32 1, i16 %idx.15, i32 0, i1 true)
  %v63 = call <1 x float> @llvm.genx.rdregionf.v1f32.v16f32.i16(<16 x float> %v17, i32 0, i32 1, i32 1, i16 60, i32 undef)
  %v64 = fmul <1 x float> %v63, %v63
  %idx.16 = add i16 %v7, 60
  %v65 = call <32 x float> @llvm.genx.wrregionf.v32f32.v1f32.i16.i1(<32 x float> %v62, <1 x float> %v64, i32 0, i32 1, i32 1, i16 %idx.16, i32 0, i1 true)
  call void @llvm.genx.oword.st.v32f32(i32 %arg1, i32 0, <32 x float> %v65)
  %v66 = call <4 x float> @llvm.genx.rdregionf.v4f32.v32f32.i16(<32 x float> %v1, i32 0, i32 4, i32 1, i16 %v4, i32 0)
  %v67 = call <8 x float> @llvm.genx.wrregionf.v8f32.v4f32.i16.i1(<8 x float> undef, <4 x float> %v66, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
  %idx.17 = add i16 %v4, 32
  %v68 = call <4 x float> @llvm.genx.rdregionf.v4f32.v32f32.i16(<32 x float> %v1, i32 0, i32 4, i32 1, i16 %idx.17, i32 0)
  %v69 = call <8 x float> @llvm.genx.wrregionf.v8f32.v4f32.i16.i1(<8 x float> %v67, <4 x float> %v68, i32 0, i32 4, i32 1, i16 16, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v8f32(i32 %arg1, i32 8, <8 x float> %v69)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <32 x float> @llvm.genx.oword.ld.v32f32(i32, i32, i32)
declare void @llvm.genx.oword.st.v32f32(i32, i32, <32 x float>)
declare void @llvm.genx.oword.st.v8f32(i32, i32, <8 x float>)
declare <1 x float> @llvm.genx.rdregionf.v1f32.v16f32.i16(<16 x float>, i32, i32, i32, i16, i32)
declare <4 x float> @llvm.genx.rdregionf.v4f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <16 x float> @llvm.genx.wrregionf.v16f32.v8f32.i16.i1(<16 x float>, <8 x float>, i32, i32, i32, i16, i32, i1)
declare <32 x float> @llvm.genx.wrregionf.v32f32.v1f32.i16.i1(<32 x float>, <1 x float>, i32, i32, i32, i16, i32, i1)
declare <8 x float> @llvm.genx.wrregionf.v8f32.v4f32.i16.i1(<8 x float>, <4 x float>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, i32)* @split_indirect, !"split_indirect", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2}
!2 = !{i32 128, i32 132}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t read_only", !"buffer_t write_only"}
