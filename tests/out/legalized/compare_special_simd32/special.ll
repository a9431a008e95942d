define dllexport void @special(i32 %arg0, i32 %arg1) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 4
  %v2 = add i32 %v1, 8
  %v3 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg0, i32 %v1)
  %v4 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg0, i32 %v2)
  %v21 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v3, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v22 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v4, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v23 = fcmp one <16 x float> %v21, %v22
  %v24 = call <32 x i1> @llvm.genx.wrpredregion.v32i1.v32i1.v16i1(<32 x i1> undef, <16 x i1> %v23, i32 0)
  %v25 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v3, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v26 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v4, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v27 = fcmp one <16 x float> %v25, %v26
  %v28 = call <32 x i1> @llvm.genx.wrpredregion.v32i1.v32i1.v16i1(<32 x i1> %v24, <16 x i1> %v27, i32 16)
  %v29 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v28, i32 0)
  %v30 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v3, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v31 = select <16 x i1> %v29, <16 x float> %v30, <16 x float> <float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000>
  %v32 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> undef, <16 x float> %v31, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v33 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v28, i32 16)
  %v34 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v3, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v35 = select <16 x i1> %v33, <16 x float> %v34, <16 x float> <float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000>
  %v36 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> %v32, <16 x float> %v35, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v37 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v3, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v38 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v4, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v39 = fcmp ueq <16 x float> %v37, %v38
  %v40 = call <32 x i1> @llvm.genx.wrpredregion.v32i1.v32i1.v16i1(<32 x i1> undef, <16 x i1> %v39, i32 0)
  %v41 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v3, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v42 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v4, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v43 = fcmp ueq <16 x float> %v41, %v42
  %v44 = call <32 x i1> @llvm.genx.wrpredregion.v32i1.v32i1.v16i1(<32 x i1> %v40, <16 x i1> %v43, i32 16)
  %v45 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v44, i32 0)
  %v46 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v4, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v47 = select <16 x i1> %v45, <16 x float> <float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000>, <16 x float> %v46
  %v48 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> undef, <16 x float> %v47, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v49 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v44, i32 16)
  %v50 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v4, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v51 = select <16 x i1> %v49, <16 x float> <float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000, float 0x4000000000000000>, <16 x float> %v50
  %v52 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> %v48, <16 x float> %v51, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v53 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v3, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v54 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v4, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v55 = fcmp ord <16 x float> %v53, %v54
  %v56 = call <32 x i1> @llvm.genx.wrpredregion.v32i1.v32i1.v16i1(<32 x i1> undef, <16 x i1> %v55, i32 0)
  %v57 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v3, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v58 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v4, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v59 = fcmp ord <16 x float> %v57, %v58
  %v60 = call <32 x i1> @llvm.genx.wrpredregion.v32i1.v32i1.v16i1(<32 x i1> %v56, <16 x i1> %v59, i32 16)
  %v61 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v60, i32 0)
  %v62 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v36, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v63 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v52, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v64 = select <16 x i1> %v61, <16 x float> %v62, <16 x float> %v63
  %v65 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> undef, <16 x float> %v64, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v66 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v60, i32 16)
  %v67 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v36, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v68 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v52, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v69 = select <16 x i1> %v66, <16 x float> %v67, <16 x float> %v68
  %v70 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> %v65, <16 x float> %v69, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v71 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v3, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v72 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v52, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v73 = fcmp uno <16 x float> %v71, %v72
  %v74 = call <32 x i1> @llvm.genx.wrpredregion.v32i1.v32i1.v16i1(<32 x i1> undef, <16 x i1> %v73, i32 0)
  %v75 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v3, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v76 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v52, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v77 = fcmp uno <16 x float> %v75, %v76
  %v78 = call <32 x i1> @llvm.genx.wrpredregion.v32i1.v32i1.v16i1(<32 x i1> %v74, <16 x i1> %v77, i32 16)
  %v79 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v78, i32 0)
  %v80 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v70, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v81 = select <16 x i1> %v79, <16 x float> %v80, <16 x float> <float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000>
  %v82 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> undef, <16 x float> %v81, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v83 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v78, i32 16)
  %v84 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v70, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v85 = select <16 x i1> %v83, <16 x float> %v84, <16 x float> <float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000>
  %v86 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> %v82, <16 x float> %v85, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v13 = shl i32 %v0, 5
  %v14 = add i32 %v13, 8
  %v15 = add i32 %v13, 16
  %v16 = add i32 %v13, 24
  call void @llvm.genx.oword.st.v32f32(i32 %arg1, i32 %v13, <32 x float> %v36)
  call void @llvm.genx.oword.st.v32f32(i32 %arg1, i32 %v14, <32 x float> %v52)
  call void @llvm.genx.oword.st.v32f32(i32 %arg1, i32 %v15, <32 x float> %v70)
  call void @llvm.genx.oword.st.v32f32(i32 %arg1, i32 %v16, <32 x float> %v86)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <32 x float> @llvm.genx.oword.ld.v32f32(i32, i32, i32)
declare void @llvm.genx.oword.st.v32f32(i32, i32, <32 x float>)
declare <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1>, i32)
declare <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <32 x i1> @llvm.genx.wrpredregion.v32i1.v32i1.v16i1(<32 x i1>, <16 x i1>, i32)
declare <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float>, <16 x float>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, i32)* @special, !"special", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2}
!2 = !{i32 64, i32 68}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t read_only", !"buffer_t write_only"}
