define dllexport void @simd32_ifelse(i32 %arg0, float %arg1) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 3
  %v2 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg0, i32 %v1)
  %v3 = call <32 x float> @llvm.genx.wrregionf.v32f32.f32.i16.i1(<32 x float> undef, float %arg1, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v27 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v3, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v28 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> undef, <16 x float> %v27, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v29 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v3, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v30 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> %v28, <16 x float> %v29, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v31 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v2, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v32 = fcmp olt <16 x float> %v31, <float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000>
  %v33 = call <32 x i1> @llvm.genx.wrpredregion.v32i1.v32i1.v16i1(<32 x i1> undef, <16 x i1> %v32, i32 0)
  %v34 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v2, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v35 = fcmp olt <16 x float> %v34, <float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000>
  %v36 = call <32 x i1> @llvm.genx.wrpredregion.v32i1.v32i1.v16i1(<32 x i1> %v33, <16 x i1> %v35, i32 16)
  %v6 = call { <32 x i1>, <32 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v32i1.v32i1(<32 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, <32 x i1> <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>, <32 x i1> %v36)
  %v7 = extractvalue { <32 x i1>, <32 x i1>, i1 } %v6, 0
  %v8 = extractvalue { <32 x i1>, <32 x i1>, i1 } %v6, 1
  %v9 = extractvalue { <32 x i1>, <32 x i1>, i1 } %v6, 2
  br i1 %v9, label %bb2, label %bb1
bb1:
  %v37 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v2, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v38 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v30, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v39 = fmul <16 x float> %v37, %v38
  %v40 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> undef, <16 x float> %v39, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v41 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v2, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v42 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v30, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v43 = fmul <16 x float> %v41, %v42
  %v44 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> %v40, <16 x float> %v43, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v45 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v7, i32 0)
  %v46 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v44, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v47 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v2, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v48 = select <16 x i1> %v45, <16 x float> %v46, <16 x float> %v47
  %v49 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> %v2, <16 x float> %v48, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v50 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v7, i32 16)
  %v51 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v44, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v52 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v49, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v53 = select <16 x i1> %v50, <16 x float> %v51, <16 x float> %v52
  %v54 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> %v49, <16 x float> %v53, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v12 = call { <32 x i1>, <32 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v32i1.v32i1(<32 x i1> %v7, <32 x i1> <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>, <32 x i1> <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>)
  %v13 = extractvalue { <32 x i1>, <32 x i1>, i1 } %v12, 0
  %v14 = extractvalue { <32 x i1>, <32 x i1>, i1 } %v12, 1
  %v15 = extractvalue { <32 x i1>, <32 x i1>, i1 } %v12, 2
  br i1 %v15, label %bb2, label %bb2
bb2:
  %v16 = phi <32 x float> [ %v2, %bb0 ], [ %v54, %bb1 ], [ %v54, %bb1 ]
  %v17 = phi <32 x i1> [ <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>, %bb0 ], [ %v14, %bb1 ], [ %v14, %bb1 ]
  %v18 = phi <32 x i1> [ %v7, %bb0 ], [ %v13, %bb1 ], [ %v13, %bb1 ]
  %v19 = call { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v32i1(<32 x i1> %v18, <32 x i1> %v8)
  %v20 = extractvalue { <32 x i1>, i1 } %v19, 0
  %v21 = extractvalue { <32 x i1>, i1 } %v19, 1
  br i1 %v21, label %bb4, label %bb3
bb3:
  %v55 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v16, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v56 = fadd <16 x float> %v55, <float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000>
  %v57 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> undef, <16 x float> %v56, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v58 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v16, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v59 = fadd <16 x float> %v58, <float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000>
  %v60 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> %v57, <16 x float> %v59, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v61 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v20, i32 0)
  %v62 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v60, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v63 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v16, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v64 = select <16 x i1> %v61, <16 x float> %v62, <16 x float> %v63
  %v65 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> %v16, <16 x float> %v64, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v66 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v20, i32 16)
  %v67 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v60, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v68 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v65, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v69 = select <16 x i1> %v66, <16 x float> %v67, <16 x float> %v68
  %v70 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> %v65, <16 x float> %v69, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  br label %bb4
bb4:
  %v24 = phi <32 x float> [ %v16, %bb2 ], [ %v70, %bb3 ]
  %v25 = call { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v32i1(<32 x i1> %v20, <32 x i1> %v17)
  br label %bb5
bb5:
  call void @llvm.genx.oword.st.v32f32(i32 %arg0, i32 %v1, <32 x float> %v24)
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
