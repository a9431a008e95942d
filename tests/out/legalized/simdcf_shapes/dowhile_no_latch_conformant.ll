define dllexport void @dowhile_no_latch_conformant(i32 %arg0, i32 %arg1) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 2
  %v2 = call <16 x i32> @llvm.genx.oword.ld.v16i32(i32 0, i32 %arg0, i32 %v1)
  br label %bb1
bb1:
  %v3 = phi <16 x i32> [ <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>, %bb0 ], [ %v12, %bb2 ]
  %v4 = phi <16 x i32> [ %v2, %bb0 ], [ %v9, %bb2 ]
  %v5 = phi <16 x i1> [ <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>, %bb0 ], [ %v18, %bb2 ]
  %v6 = phi <32 x i1> [ <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, %bb0 ], [ %v17, %bb2 ]
  %v7 = sub <16 x i32> %v4, <i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3>
  %v8 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v6, i32 0)
  %v9 = select <16 x i1> %v8, <16 x i32> %v7, <16 x i32> %v4
  %v11 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v6, i32 0)
  %v10 = add <16 x i32> %v3, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %v12 = select <16 x i1> %v11, <16 x i32> %v10, <16 x i32> %v3
  %v13 = icmp sgt <16 x i32> %v7, <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %v14 = xor <16 x i1> %v13, <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>
  %v15 = xor <16 x i1> %v14, <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>
  %v16 = call { <32 x i1>, <16 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v16i1.v16i1(<32 x i1> %v6, <16 x i1> %v5, <16 x i1> %v15)
  %v17 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v16, 0
  %v18 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v16, 1
  %v19 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v16, 2
  br i1 %v19, label %bb3, label %bb2
bb2:
  br label %bb1
bb3:
  %v20 = call { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v16i1(<32 x i1> %v17, <16 x i1> %v18)
  %v21 = extractvalue { <32 x i1>, i1 } %v20, 0
  %v22 = extractvalue { <32 x i1>, i1 } %v20, 1
  br label %bb4
bb4:
  call void @llvm.genx.oword.st.v16i32(i32 %arg1, i32 %v1, <16 x i32> %v12)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <16 x i32> @llvm.genx.oword.ld.v16i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16i32(i32, i32, <16 x i32>)
declare <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1>, i32)
declare { <32 x i1>, <16 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v16i1.v16i1(<32 x i1>, <16 x i1>, <16 x i1>)
declare { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v16i1(<32 x i1>, <16 x i1>)

!genx.kernels = !{!0}
!0 = !{void (i32, i32)* @dowhile_no_latch_conformant, !"dowhile_no_latch_conformant", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2}
!2 = !{i32 64, i32 68}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t read_only", !"buffer_t write_only"}
