define dllexport void @simd32_ifelse(i32 %arg0, float %arg1) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 3
  %v2 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg0, i32 %v1)
  %v3 = call <32 x float> @llvm.genx.wrregionf.v32f32.f32.i16.i1(<32 x float> undef, float %arg1, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v4 = call <32 x float> @llvm.genx.rdregionf.v32f32.v32f32.i16(<32 x float> %v3, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v5 = fcmp olt <32 x float> %v2, <float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000>
  %v6 = xor <32 x i1> %v5, <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>
  %v7 = xor <32 x i1> %v6, <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>
  %v8 = call { <32 x i1>, <32 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v32i1.v32i1(<32 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, <32 x i1> <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>, <32 x i1> %v7)
  %v9 = extractvalue { <32 x i1>, <32 x i1>, i1 } %v8, 0
  %v10 = extractvalue { <32 x i1>, <32 x i1>, i1 } %v8, 1
  %v11 = extractvalue { <32 x i1>, <32 x i1>, i1 } %v8, 2
  br i1 %v11, label %bb2, label %bb1
bb1:
  %v12 = fmul <32 x float> %v2, %v4
  %v13 = select <32 x i1> %v9, <32 x float> %v12, <32 x float> %v2
  %v14 = call { <32 x i1>, <32 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v32i1.v32i1(<32 x i1> %v9, <32 x i1> <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>, <32 x i1> <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>)
  %v15 = extractvalue { <32 x i1>, <32 x i1>, i1 } %v14, 0
  %v16 = extractvalue { <32 x i1>, <32 x i1>, i1 } %v14, 1
  %v17 = extractvalue { <32 x i1>, <32 x i1>, i1 } %v14, 2
  br i1 %v17, label %bb2, label %bb2
bb2:
  %v18 = phi <32 x float> [ %v2, %bb0 ], [ %v13, %bb1 ], [ %v13, %bb1 ]
  %v19 = phi <32 x i1> [ <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>, %bb0 ], [ %v16, %bb1 ], [ %v16, %bb1 ]
  %v20 = phi <32 x i1> [ %v9, %bb0 ], [ %v15, %bb1 ], [ %v15, %bb1 ]
  %v21 = call { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v32i1(<32 x i1> %v20, <32 x i1> %v10)
  %v22 = extractvalue { <32 x i1>, i1 } %v21, 0
  %v23 = extractvalue { <32 x i1>, i1 } %v21, 1
  br i1 %v23, label %bb4, label %bb3
bb3:
  %v24 = fadd <32 x float> %v18, <float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000, float 0x3FF0000000000000>
  %v25 = select <32 x i1> %v22, <32 x float> %v24, <32 x float> %v18
  br label %bb4
bb4:
  %v26 = phi <32 x float> [ %v18, %bb2 ], [ %v25, %bb3 ]
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
declare <32 x float> @llvm.genx.rdregionf.v32f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare { <32 x i1>, <32 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v32i1.v32i1(<32 x i1>, <32 x i1>, <32 x i1>)
declare { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v32i1(<32 x i1>, <32 x i1>)
declare <32 x float> @llvm.genx.wrregionf.v32f32.f32.i16.i1(<32 x float>, float, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, float)* @simd32_ifelse, !"simd32_ifelse", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 0}
!2 = !{i32 128, i32 132}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t read_write", !""}
