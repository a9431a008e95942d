define dllexport void @simd32_ifelse(i32 %arg0, float %arg1) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 3
  %v2 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg0, i32 %v1)
  %v3 = call <32 x float> @llvm.genx.wrregionf.v32f32.f32.i16.i1(<32 x float> undef, float %arg1, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v31 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v2, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v32 = fcmp olt <16 x float> %v31, <float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000>
  %v33 = call <32 x i1> @llvm.genx.wrpredregion.v32i1.v32i1.v16i1(<32 x i1> undef, <16 x i1> %v32, i32 0)
  %v34 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v2, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v35 = fcmp olt <16 x float> %v34, <float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000>
  %v36 = call <32 x i1> @llvm.genx.wrpredregion.v32i1.v32i1.v16i1(<32 x i1> %v33, <16 x i1> %v35, i32 16)
  %v5 = xor <32 x i1> %v36, <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>
  %v6 = xor <32 x i1> %v5, <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>
  %v7 = call { <32 x i1>, <32 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v32i1.v32i1(<32 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, <32 x i1> <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>, <32 x i1> %v6)
  %v8 = extractvalue { <32 x i1>, <32 x i1>, i1 } %v7, 0
  %v9 = extractvalue { <32 x i1>, <32 x i1>, i1 } %v7, 1
  %v10 = extractvalue { <32 x i1>, <32 x i1>, i1 } %v7, 2
  br i1 %v10, label %bb2, label %bb1
bb1:
  %v45 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v8, i32 0)
  %v47 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v2, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v37 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v2, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v38 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v3, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v39 = fmul <16 x float> %v37, %v38
  %v48 = select <16 x i1> %v45, <16 x float> %v39, <16 x float> %v47
  %v49 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> %v2, <16 x float> %v48, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v50 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v8, i32 16)
  %v52 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v49, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v41 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v49, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v42 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v3, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v43 = fmul <16 x float> %v41, %v42
  %v53 = select <16 x i1> %v50, <16 x float> %v43, <16 x float> %v52
  %v54 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> %v49, <16 x float> %v53, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v14 = call { <32 x i1>, <32 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v32i1.v32i1(<32 x i1> %v8, <32 x i1> <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>, <32 x i1> <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>)
  %v15 = extractvalue { <32 x i1>, <32 x i1>, i1 } %v14, 0
  %v16 = extractvalue { <32 x i1>, <32 x i1>, i1 } %v14, 1
  %v17 = extractvalue { <32 x i1>, <32 x i1>, i1 } %v14, 2
  br i1 %v17, label %bb2, label %bb2
bb2:
  %v18 = phi <32 x float> [ %v2, %bb0 ], [ %v54, %bb1 ], [ %v54, %bb1 ]
  %v19 = phi <32 x i1> [ <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>, %bb0 ], [ %v16, %bb1 ], [ %v16, %bb1 ]
  %v20 = phi <32 x i1> [ %v8, %bb0 ], [ %v15, %bb1 ], [ %v15, %bb1 ]
  %v21 = call { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v32i1(<32 x i1> %v20, <32 x i1> %v9)
  %v22 = extractvalue { <32 x i1>, i1 } %v21, 0
  %v23 = extractvalue { <32 x i1>, i1 } %v21, 1
  br i1 %v23, label %bb4, label %bb3
bb3:
  %v61 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v22, i32 0)
  %v63 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v18, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v55 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v18, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v56 = fadd <16 x float> %v55, <float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000>
  %v64 = select <16 x i1> %v61, <16 x float> %v56, <16 x float> %v63
  %v65 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> %v18, <16 x float> %v64, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v66 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v22, i32 16)
  %v68 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v65, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v58 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v65, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v59 = fadd <16 x float> %v58, <float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000>
  %v69 = select <16 x i1> %v66, <16 x float> %v59, <16 x float> %v68
  %v70 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> %v65, <16 x float> %v69, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  br label %bb4
bb4:
  %v26 = phi <32 x float> [ %v18, %bb2 ], [ %v70, %bb3 ]
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
