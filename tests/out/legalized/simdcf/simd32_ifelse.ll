define dllexport void @simd32_ifelse(i32 %arg0, float %arg1) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 3
  %v2 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg0, i32 %v1)
  %v3 = call <32 x float> @llvm.genx.wrregionf.v32f32.f32.i16.i1(<32 x float> undef, float %arg1, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v35 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v2, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v36 = fcmp olt <16 x float> %v35, <float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000>
  %v37 = call <32 x i1> @llvm.genx.wrpredregion.v32i1.v32i1.v16i1(<32 x i1> undef, <16 x i1> %v36, i32 0)
  %v38 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v2, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v39 = fcmp olt <16 x float> %v38, <float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000>
  %v40 = call <32 x i1> @llvm.genx.wrpredregion.v32i1.v32i1.v16i1(<32 x i1> %v37, <16 x i1> %v39, i32 16)
  %v6 = xor <32 x i1> %v40, <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>
  %v7 = xor <32 x i1> %v6, <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>
  %v8 = call { <32 x i1>, <32 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v32i1.v32i1(<32 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, <32 x i1> <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>, <32 x i1> %v7)
  %v9 = extractvalue { <32 x i1>, <32 x i1>, i1 } %v8, 0
  %v10 = extractvalue { <32 x i1>, <32 x i1>, i1 } %v8, 1
  %v11 = extractvalue { <32 x i1>, <32 x i1>, i1 } %v8, 2
  br i1 %v11, label %bb2, label %bb1
bb1:
  %v49 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v9, i32 0)
  %v51 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v2, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v41 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v2, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v42 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v3, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v43 = fmul <16 x float> %v41, %v42
  %v52 = select <16 x i1> %v49, <16 x float> %v43, <16 x float> %v51
  %v53 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> %v2, <16 x float> %v52, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v54 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v9, i32 16)
  %v56 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v53, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v45 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v53, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v46 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v3, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v47 = fmul <16 x float> %v45, %v46
  %v57 = select <16 x i1> %v54, <16 x float> %v47, <16 x float> %v56
  %v58 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> %v53, <16 x float> %v57, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v14 = call { <32 x i1>, <32 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v32i1.v32i1(<32 x i1> %v9, <32 x i1> <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>, <32 x i1> <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>)
  %v15 = extractvalue { <32 x i1>, <32 x i1>, i1 } %v14, 0
  %v16 = extractvalue { <32 x i1>, <32 x i1>, i1 } %v14, 1
  %v17 = extractvalue { <32 x i1>, <32 x i1>, i1 } %v14, 2
  br i1 %v17, label %bb2, label %bb2
bb2:
  %v18 = phi <32 x float> [ %v2, %bb0 ], [ %v58, %bb1 ], [ %v58, %bb1 ]
  %v19 = phi <32 x i1> [ <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>, %bb0 ], [ %v16, %bb1 ], [ %v16, %bb1 ]
  %v20 = phi <32 x i1> [ %v9, %bb0 ], [ %v15, %bb1 ], [ %v15, %bb1 ]
  %v21 = call { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v32i1(<32 x i1> %v20, <32 x i1> %v10)
  %v22 = extractvalue { <32 x i1>, i1 } %v21, 0
  %v23 = extractvalue { <32 x i1>, i1 } %v21, 1
  br i1 %v23, label %bb4, label %bb3
bb3:
  %v65 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v22, i32 0)
  %v67 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v18, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v59 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v18, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v60 = fadd <16 x float> %v59, <float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000>
  %v68 = select <16 x i1> %v65, <16 x float> %v60, <16 x float> %v67
  %v69 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> %v18, <16 x float> %v68, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v70 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v22, i32 16)
  %v72 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v69, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v62 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v69, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v63 = fadd <16 x float> %v62, <float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000>
  %v73 = select <16 x i1> %v70, <16 x float> %v63, <16 x float> %v72
  %v74 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> %v69, <16 x float> %v73, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  br label %bb4
bb4:
  %v26 = phi <32 x float> [ %v18, %bb2 ], [ %v74, %bb3 ]
  %v27 = call { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v32i1(<32 x i1> %v22, <32 x i1> %v19)
  %v28 = extractvalue { <32 x i1>, i1 } %v27, 0
  %v29 = extractvalue { <32 x i1>, i1 } %v27, 1
  br label %bb5
bb5:
  call void @llvm.genx.oword.st.v32f32(i32 %arg0, i32 %v1, <32 x float> %v26)
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
