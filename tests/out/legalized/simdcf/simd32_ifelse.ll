define dllexport void @simd32_ifelse(i32 %arg0, float %arg1) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 3
  %v2 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg0, i32 %v1)
  %v3 = call <32 x float> @llvm.genx.wrregionf.v32f32.f32.i16.i1(<32 x float> undef, float %arg1, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v32 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v3, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v33 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> undef, <16 x float> %v32, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v34 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v3, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v35 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> %v33, <16 x float> %v34, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v36 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v2, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v37 = fcmp olt <16 x float> %v36, <float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000>
  %v38 = call <32 x i1> @llvm.genx.wrpredregion.v32i1.v32i1.v16i1(<32 x i1> undef, <16 x i1> %v37, i32 0)
  %v39 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v2, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v40 = fcmp olt <16 x float> %v39, <float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000>
  %v41 = call <32 x i1> @llvm.genx.wrpredregion.v32i1.v32i1.v16i1(<32 x i1> %v38, <16 x i1> %v40, i32 16)
  %v6 = xor <32 x i1> %v41, <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>
  %v7 = xor <32 x i1> %v6, <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>
  %v8 = call { <32 x i1>, <32 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v32i1.v32i1(<32 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, <32 x i1> <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>, <32 x i1> %v7)
  %v9 = extractvalue { <32 x i1>, <32 x i1>, i1 } %v8, 0
  %v10 = extractvalue { <32 x i1>, <32 x i1>, i1 } %v8, 1
  %v11 = extractvalue { <32 x i1>, <32 x i1>, i1 } %v8, 2
  br i1 %v11, label %bb2, label %bb1
bb1:
  %v42 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v2, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v43 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v35, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v44 = fmul <16 x float> %v42, %v43
  %v45 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> undef, <16 x float> %v44, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v46 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v2, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v47 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v35, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v48 = fmul <16 x float> %v46, %v47
  %v49 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> %v45, <16 x float> %v48, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v50 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v9, i32 0)
  %v51 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v49, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v52 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v2, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v53 = select <16 x i1> %v50, <16 x float> %v51, <16 x float> %v52
  %v54 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> %v2, <16 x float> %v53, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v55 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v9, i32 16)
  %v56 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v49, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v57 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v54, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v58 = select <16 x i1> %v55, <16 x float> %v56, <16 x float> %v57
  %v59 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> %v54, <16 x float> %v58, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v14 = xor <32 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>
  %v15 = call { <32 x i1>, <32 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v32i1.v32i1(<32 x i1> %v9, <32 x i1> <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>, <32 x i1> %v14)
  %v16 = extractvalue { <32 x i1>, <32 x i1>, i1 } %v15, 0
  %v17 = extractvalue { <32 x i1>, <32 x i1>, i1 } %v15, 1
  %v18 = extractvalue { <32 x i1>, <32 x i1>, i1 } %v15, 2
  br i1 %v18, label %bb2, label %bb2
bb2:
  %v19 = phi <32 x float> [ %v2, %bb0 ], [ %v59, %bb1 ], [ %v59, %bb1 ]
  %v20 = phi <32 x i1> [ <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>, %bb0 ], [ %v17, %bb1 ], [ %v17, %bb1 ]
  %v21 = phi <32 x i1> [ %v9, %bb0 ], [ %v16, %bb1 ], [ %v16, %bb1 ]
  %v22 = call { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v32i1(<32 x i1> %v21, <32 x i1> %v10)
  %v23 = extractvalue { <32 x i1>, i1 } %v22, 0
  %v24 = extractvalue { <32 x i1>, i1 } %v22, 1
  br i1 %v24, label %bb4, label %bb3
bb3:
  %v60 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v19, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v61 = fadd <16 x float> %v60, <float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000>
  %v62 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> undef, <16 x float> %v61, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v63 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v19, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v64 = fadd <16 x float> %v63, <float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000>
  %v65 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> %v62, <16 x float> %v64, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v66 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v23, i32 0)
  %v67 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v65, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v68 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v19, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v69 = select <16 x i1> %v66, <16 x float> %v67, <16 x float> %v68
  %v70 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> %v19, <16 x float> %v69, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v71 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v23, i32 16)
  %v72 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v65, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v73 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v70, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v74 = select <16 x i1> %v71, <16 x float> %v72, <16 x float> %v73
  %v75 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> %v70, <16 x float> %v74, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  br label %bb4
bb4:
  %v27 = phi <32 x float> [ %v19, %bb2 ], [ %v75, %bb3 ]
  %v28 = call { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v32i1(<32 x i1> %v23, <32 x i1> %v20)
  %v29 = extractvalue { <32 x i1>, i1 } %v28, 0
  %v30 = extractvalue { <32 x i1>, i1 } %v28, 1
  br label %bb5
bb5:
  call void @llvm.genx.oword.st.v32f32(i32 %arg0, i32 %v1, <32 x float> %v27)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <32 x float> @llvm.genx.oword.ld.v32f32(i32, i32, i32)
declare void @llvm.genx.oword.st.v32f32(i32, i32, <32 x float>)
declare <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1>, i32)
declare <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare { <32 x i1>, <32 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v32i1.v32i1(<32 x i1>, <32 x i1>, <32 x i1>)
declare { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v32i1(<32 x i1>, <32 x i1>)
declare <32 x i1> @llvm.genx.wrpredregion.v32i1.v32i1.v16i1(<32 x i1>, <16 x i1>, i32)
declare <32 x float> @llvm.genx.wrregionf.v32f32.f32.i16.i1(<32 x float>, float, i32, i32, i32, i16, i32, i1)
declare <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float>, <16 x float>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, float)* @simd32_ifelse, !"simd32_ifelse", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 0}
!2 = !{i32 64, i32 68}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t read_write", !""}
